import * as v from 'valibot';
import type { MessageId } from '../../i18n/messages';
import {
  ACCOUNT_SETTINGS_MESSAGES,
  AccountSettingsForm,
  parsePcNumbers,
  type AccountSettings,
  type LINE_HEIGHTS,
  type LanguageChoices,
} from '#contracts';
import type { ChoiceField, TextField, ToggleField } from './accountSettings.events';

type LanguageChoice = v.InferOutput<typeof LanguageChoices>[number];

/** The dialog's fields as the user edits them: texts as typed, the rest as the settings hold them. */
export type SettingsDraft = Record<ToggleField | 'use2FA', boolean> &
  Record<TextField | Exclude<ChoiceField, 'fontSize'>, string> & {
    fontSize: number;
    alarmEmailExportAddresses: string[];
  };

/** A field's error key: the field, or `alarmEmailExportAddresses.<index>` for one address. */
export type FieldErrors = Partial<Record<string, MessageId>>;

export function draftOf(settings: AccountSettings): SettingsDraft {
  return {
    showDevicesSearchBar: settings.showDevicesSearchBar,
    showHexacodesAsDeviceNames: settings.showHexacodesAsDeviceNames,
    showDepartmentNumbers: settings.showDepartmentNumbers,
    showNetworkControllers: settings.showNetworkControllers,
    enablePageRefreshOnRequest: settings.enablePageRefreshOnRequest,
    enableFactorySettingsLines: settings.enableFactorySettingsLines,
    enableRealTimeCommunication: settings.enableRealTimeCommunication,
    enableAlarmEmailExport: settings.enableAlarmEmailExport,
    use2FA: settings.use2FA,
    email: settings.email ?? '',
    defaultPcNumber: String(settings.defaultPcNumber),
    pcNumbers: settings.pcNumbers.join(', '),
    minBufferInterval: String(settings.minBufferInterval),
    languageCode: settings.language.code,
    dateFormat: settings.dateFormat,
    lineHeight: settings.lineHeight,
    fontSize: settings.fontSize,
    alarmEmailExportAddresses: [...settings.alarmEmailExportAddresses],
  };
}

/** A chosen value into the draft: the font size is a number, the rest are kept as chosen. */
export const chosen = (field: ChoiceField, value: string): Partial<SettingsDraft> =>
  field === 'fontSize' ? { fontSize: Number(value) } : { [field]: value };

type SettingsMessage = keyof typeof ACCOUNT_SETTINGS_MESSAGES;
/** Each contract message's catalogue entry: accountSettings.<its key> (the type checks the catalogue has them all). */
const MESSAGE_IDS: Record<string, MessageId> = Object.fromEntries(
  (Object.keys(ACCOUNT_SETTINGS_MESSAGES) as SettingsMessage[]).map((key) => [
    ACCOUNT_SETTINGS_MESSAGES[key],
    `accountSettings.${key}` satisfies MessageId,
  ]),
);

/** The form as the contract checks it: the PC number only where the field is shown (SPEC §6). */
const formOf = (draft: SettingsDraft, showsPcNumber: boolean) => ({
  languageCode: draft.languageCode,
  dateFormat: draft.dateFormat,
  email: draft.email,
  defaultPcNumber: showsPcNumber ? draft.defaultPcNumber : null,
  pcNumbers: showsPcNumber ? draft.pcNumbers : null,
  minBufferInterval: showsPcNumber ? draft.minBufferInterval : null,
  use2FA: draft.use2FA,
  enableAlarmEmailExport: draft.enableAlarmEmailExport,
  alarmEmailExportAddresses: draft.alarmEmailExportAddresses,
});

/** SPEC §5 on the draft: the first message of each field, by error key; empty when it may be saved. */
export function draftErrors(draft: SettingsDraft, showsPcNumber: boolean): FieldErrors {
  const result = v.safeParse(AccountSettingsForm, formOf(draft, showsPcNumber));
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? '';
    errors[key] ??= MESSAGE_IDS[issue.message] ?? 'accountSettings.invalid';
  }
  return errors;
}

/** SPEC §5: an e-mail is linked (and valid), so two-factor authentication may be set up. */
export const emailLinked = (draft: SettingsDraft): boolean =>
  draft.email.trim() !== '' && draftErrors(draft, false).email === undefined;

const isAddress = (text: string) => v.is(v.pipe(v.string(), v.email()), text.trim());

/**
 * The whole settings to send: the loaded ones with the draft over them. Fields hidden by a grant go back as they
 * were (the server takes an unchanged value as no change). Addresses kept while the export is off are sent only
 * when valid, so a half-typed one does not block the save.
 */
export function settingsToSave(
  loaded: AccountSettings,
  draft: SettingsDraft,
  languages: readonly LanguageChoice[],
  grants: { showsPcNumber: boolean; showsRnd: boolean },
): AccountSettings {
  const language = languages.find((choice) => choice.item === draft.languageCode);
  const addresses = draft.alarmEmailExportAddresses.map((address) => address.trim());
  return {
    ...loaded,
    showDevicesSearchBar: draft.showDevicesSearchBar,
    showHexacodesAsDeviceNames: draft.showHexacodesAsDeviceNames,
    showDepartmentNumbers: draft.showDepartmentNumbers,
    showNetworkControllers: draft.showNetworkControllers,
    enablePageRefreshOnRequest: draft.enablePageRefreshOnRequest,
    ...(grants.showsRnd && {
      enableFactorySettingsLines: draft.enableFactorySettingsLines,
      enableRealTimeCommunication: draft.enableRealTimeCommunication,
    }),
    ...(grants.showsPcNumber && {
      defaultPcNumber: Number(draft.defaultPcNumber.trim()),
      pcNumbers: parsePcNumbers(draft.pcNumbers),
      minBufferInterval: Number(draft.minBufferInterval.trim()),
    }),
    email: draft.email.trim() === '' ? null : draft.email.trim(),
    use2FA: draft.use2FA,
    language: language ? { code: language.item, label: language.label } : loaded.language,
    dateFormat: draft.dateFormat as AccountSettings['dateFormat'],
    lineHeight: draft.lineHeight as (typeof LINE_HEIGHTS)[number],
    fontSize: draft.fontSize,
    enableAlarmEmailExport: draft.enableAlarmEmailExport,
    alarmEmailExportAddresses: draft.enableAlarmEmailExport ? addresses : addresses.filter(isAddress),
  };
}
