/**
 * The languages of the interface (SPEC §1), each named in itself: English is the default and the fallback of
 * every other. A language's catalogue is the folder of its code, with the same areas and entries as en/.
 */
export const LOCALES = [
  { code: 'en', label: 'English' },
  { code: 'da', label: 'Dansk' },
  { code: 'de', label: 'Deutsch' },
  { code: 'nl', label: 'Nederlands' },
  { code: 'es', label: 'Español' },
  { code: 'fi', label: 'Suomi' },
  { code: 'fr', label: 'Français' },
  { code: 'hu', label: 'Magyar' },
  { code: 'pl', label: 'Polski' },
  { code: 'sk', label: 'Slovenčina' },
  { code: 'ru', label: 'Русский' },
] as const;
