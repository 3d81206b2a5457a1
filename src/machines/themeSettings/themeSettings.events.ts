import type { ThemeFont, ThemeSize } from '#contracts/themeSettings';

export type ThemeSettingsEvent =
  /** One of SPEC §3's thirteen fonts picked from the list (the preview shows it at once). */
  | { type: 'themeSettings.chooseFont'; font: ThemeFont }
  /** One of the five sizes picked. */
  | { type: 'themeSettings.chooseSize'; size: ThemeSize }
  | { type: 'themeSettings.save' }
  | { type: 'themeSettings.cancel' };
