import type { SnapshotFrom } from 'xstate';
import type { ThemeFont, ThemeSize } from '#contracts/themeSettings';
import type { themeSettingsMachine } from './themeSettingsMachine';

type ThemeSettingsSnapshot = SnapshotFrom<typeof themeSettingsMachine>;

export const selectFont = (s: ThemeSettingsSnapshot): ThemeFont => s.context.theme.themeFont;
export const selectSize = (s: ThemeSettingsSnapshot): ThemeSize => s.context.theme.themeSize;
/** While the server has the choice: the dialog waits, its controls disabled. */
export const selectIsSaving = (s: ThemeSettingsSnapshot): boolean => s.matches('saving');
