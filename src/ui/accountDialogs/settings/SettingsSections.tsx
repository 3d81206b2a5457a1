import { useSelector } from '@xstate/react';
import type { ToggleField } from '../../../machines/accountSettings/accountSettings.events';
import {
  selectError,
  selectFontSize,
  selectIsSettingUpTwoFactor,
  selectTwoFactorOn,
  selectLanguages,
  selectShowsPcNumber,
  selectShowsRnd,
  selectText,
  selectToggle,
} from '../../../machines/accountSettings/accountSettings.selectors';
import { DATE_FORMATS, LINE_HEIGHTS } from '#contracts';
import { useT } from '../../i18n';
import { Listbox } from '../../primitives/Listbox';
import { TextField } from '../../primitives/TextField';
import { Checkbox } from '../../primitives/Checkbox';
import type { AccountSettingsActor } from '../../../machines/accountSettings/accountSettings.selectors';
import { Section } from './Section';
import { FieldNote } from '../../primitives/FieldNote';

type Props = { actor: AccountSettingsActor };

/** Font sizes offered (px, within the contract's 8–40); a stored size outside them is offered too. */
const FONT_SIZES = [12, 13, 14, 15, 16, 18, 20, 22, 24];
const DATE_FORMAT_LABELS = {
  'dd-LL-yyyy HH:mm': 'accountSettings.dateFormat.dayFirst',
  'LL-dd-yyyy HH:mm': 'accountSettings.dateFormat.monthFirst',
  'yyyy-LL-dd HH:mm': 'accountSettings.dateFormat.yearFirst',
} as const satisfies Record<(typeof DATE_FORMATS)[number], string>;

function Toggle({ actor, field }: Props & { field: ToggleField }) {
  const t = useT();
  const checked = useSelector(actor, selectToggle(field));
  return (
    <Checkbox
      label={t(`accountSettings.${field}`)}
      checked={checked}
      onCheckedChange={() => actor.send({ type: 'settings.toggle', field })}
    />
  );
}

/** What the sidebar and the device pages show (SPEC §6: the last two only with RND at WRITE). */
export function SidebarFields({ actor }: Props) {
  const t = useT();
  const showsRnd = useSelector(actor, selectShowsRnd);
  return (
    <Section title={t('accountSettings.section.sidebar')}>
      <Toggle actor={actor} field="showDevicesSearchBar" />
      <Toggle actor={actor} field="showHexacodesAsDeviceNames" />
      <Toggle actor={actor} field="showDepartmentNumbers" />
      <Toggle actor={actor} field="showNetworkControllers" />
      <Toggle actor={actor} field="enablePageRefreshOnRequest" />
      {showsRnd ? <Toggle actor={actor} field="enableFactorySettingsLines" /> : null}
      {showsRnd ? <Toggle actor={actor} field="enableRealTimeCommunication" /> : null}
    </Section>
  );
}

export function FormatFields({ actor }: Props) {
  const t = useT();
  const languages = useSelector(actor, selectLanguages);
  const language = useSelector(actor, selectText('languageCode'));
  const dateFormat = useSelector(actor, selectText('dateFormat'));
  const lineHeight = useSelector(actor, selectText('lineHeight'));
  const fontSize = useSelector(actor, selectFontSize);
  const languageError = useSelector(actor, selectError('languageCode'));
  const dateFormatError = useSelector(actor, selectError('dateFormat'));
  const sizes = FONT_SIZES.includes(fontSize) ? FONT_SIZES : [...FONT_SIZES, fontSize].sort((a, b) => a - b);
  const choose = (field: 'languageCode' | 'dateFormat' | 'lineHeight' | 'fontSize') => (value: string) =>
    actor.send({ type: 'settings.choose', field, value });
  return (
    <Section title={t('accountSettings.section.format')}>
      <Listbox
        label={t('accountSettings.language')}
        value={language}
        // Each language is named in itself, whatever the interface speaks now.
        choices={languages.map(({ item, label }) => ({ value: item, label }))}
        onValueChange={choose('languageCode')}
        error={languageError ? t(languageError) : null}
      />
      <Listbox
        label={t('accountSettings.dateFormat')}
        value={dateFormat}
        choices={DATE_FORMATS.map((format) => ({ value: format, label: t(DATE_FORMAT_LABELS[format]) }))}
        onValueChange={choose('dateFormat')}
        error={dateFormatError ? t(dateFormatError) : null}
      />
      <Listbox
        label={t('accountSettings.lineHeight')}
        value={lineHeight}
        choices={LINE_HEIGHTS.map((height) => ({
          value: height,
          label: t(`accountSettings.lineHeight.${height}`),
        }))}
        onValueChange={choose('lineHeight')}
      />
      <Listbox
        label={t('accountSettings.fontSize')}
        value={String(fontSize)}
        choices={sizes.map((size) => ({
          value: String(size),
          label: t('accountSettings.fontSizeValue', { size: String(size) }),
        }))}
        onValueChange={choose('fontSize')}
      />
    </Section>
  );
}

/** E-mail, two-factor authentication and (SPEC §6: APPLY_ACL at WRITE) the default PC number. */
export function AccountFields({ actor }: Props) {
  const t = useT();
  const email = useSelector(actor, selectText('email'));
  const emailError = useSelector(actor, selectError('email'));
  const use2FA = useSelector(actor, selectToggle('use2FA'));
  const twoFactorError = useSelector(actor, selectError('use2FA'));
  const settingUp = useSelector(actor, selectIsSettingUpTwoFactor);
  const twoFactorOn = useSelector(actor, selectTwoFactorOn);
  const showsPcNumber = useSelector(actor, selectShowsPcNumber);
  return (
    <Section title={t('accountSettings.section.account')}>
      <TextField
        label={t('accountSettings.email')}
        type="email"
        autoComplete="email"
        value={email}
        onValueChange={(value) => actor.send({ type: 'settings.edit', field: 'email', value })}
        error={emailError ? t(emailError) : null}
      />
      <Checkbox
        label={t('accountSettings.use2FA')}
        checked={use2FA}
        onCheckedChange={(on) => actor.send({ type: 'settings.twoFactor', on })}
      />
      {/* One status line, kept from the setup to its end: what the setup does, then that two-factor is on. */}
      {settingUp || twoFactorOn ? (
        <p role="status" className="text-sm text-muted">
          {t(settingUp ? 'accountSettings.twoFactorSettingUp' : 'twoFactor.enabled')}
        </p>
      ) : null}
      <FieldNote>{twoFactorError && t(twoFactorError)}</FieldNote>
      {showsPcNumber ? <PcNumberFields actor={actor} /> : null}
    </Section>
  );
}

/** SPEC §6: with APPLY_ACL at WRITE, the default PC number (any of 1–99) and the limits of the user's buffers. */
function PcNumberFields({ actor }: Props) {
  const t = useT();
  return (
    <>
      <NumberText actor={actor} field="defaultPcNumber" hint={t('accountSettings.defaultPcNumberHint')} />
      <NumberText actor={actor} field="pcNumbers" hint={t('accountSettings.pcNumbersHint')} />
      <NumberText actor={actor} field="minBufferInterval" />
    </>
  );
}

function NumberText({
  actor,
  field,
  hint,
}: Props & { field: 'defaultPcNumber' | 'pcNumbers' | 'minBufferInterval'; hint?: string }) {
  const t = useT();
  const value = useSelector(actor, selectText(field));
  const error = useSelector(actor, selectError(field));
  return (
    <TextField
      label={t(`accountSettings.${field}`)}
      // A list of numbers takes commas: only the single numbers get the numeric keyboard.
      inputMode={field === 'pcNumbers' ? 'text' : 'numeric'}
      value={value}
      hint={hint}
      onValueChange={(text) => actor.send({ type: 'settings.edit', field, value: text })}
      error={error ? t(error) : null}
    />
  );
}
