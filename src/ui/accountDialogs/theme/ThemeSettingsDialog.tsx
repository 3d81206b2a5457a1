import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import {
  selectFont,
  selectIsSaving,
  selectSize,
} from '../../../machines/themeSettings/themeSettings.selectors';
import type { themeSettingsMachine } from '../../../machines/themeSettings/themeSettingsMachine';
import { THEME_FONTS, THEME_SIZE_PX, THEME_SIZES } from '#contracts';
import type { ThemeFont, ThemeSize } from '#contracts/themeSettings';
import { RadioGroup } from '../../primitives/RadioGroup';
import { themeFontName } from '../../fonts';
import { useT } from '../../i18n';
import { FormDialog } from '../../primitives/Dialog';
import { Listbox } from '../../primitives/Listbox';
import { ThemePreview } from './ThemePreview';

type ThemeSettingsActor = ActorRefFrom<typeof themeSettingsMachine>;

// Proper names, the same in every language.
const FONT_CHOICES = THEME_FONTS.map((font) => ({ value: font, label: themeFontName(font) }));

/** SPEC §2 theme settings: one of thirteen fonts and five sizes, previewed before they are saved. */
export default function ThemeSettingsDialog({ actor: anyActor }: { actor: AnyActorRef }) {
  const actor = anyActor as ThemeSettingsActor;
  const t = useT();
  const font = useSelector(actor, selectFont);
  const size = useSelector(actor, selectSize);
  const saving = useSelector(actor, selectIsSaving);
  const cancel = () => actor.send({ type: 'themeSettings.cancel' });

  return (
    <FormDialog
      title={t('themeSettings.title')}
      onCancel={cancel}
      onSubmit={() => actor.send({ type: 'themeSettings.save' })}
      submitLabel={saving ? t('themeSettings.saving') : t('dialog.save')}
      busy={saving}
    >
      {/* Disabled as a whole while the server has the choice: the size's radio buttons with it. */}
      <fieldset disabled={saving} className="flex min-w-0 flex-col gap-4">
        <Listbox
          label={t('themeSettings.font')}
          value={font}
          choices={FONT_CHOICES}
          onValueChange={(value) =>
            actor.send({ type: 'themeSettings.chooseFont', font: value as ThemeFont })
          }
          disabled={saving}
        />
        <RadioGroup
          legend={t('themeSettings.size')}
          value={size}
          choices={THEME_SIZES.map((value) => ({
            value,
            label: t('themeSettings.sizeChoice', {
              size: t(`themeSettings.size.${value}`),
              px: THEME_SIZE_PX[value],
            }),
          }))}
          onValueChange={(value) =>
            actor.send({ type: 'themeSettings.chooseSize', size: value as ThemeSize })
          }
        />
        <ThemePreview font={font} size={size} />
      </fieldset>
    </FormDialog>
  );
}
