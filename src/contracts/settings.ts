import * as v from 'valibot';
import { LOCALES } from '#i18n/locales';
import { bufferInterval, pcNumber } from './history';

/** A language of the interface by its settings code: the catalogue's code in capitals ('EN', 'DA'). */
const LANGUAGE_CODES: readonly string[] = LOCALES.map(({ code }) => code.toUpperCase());

/** GET /api/v2/account/settings/languages: each language, named in itself (SPEC §7: items with label and item). */
export const LanguageChoices = v.array(v.object({ item: v.string(), label: v.string() }));
export const LANGUAGE_CHOICES: v.InferOutput<typeof LanguageChoices> = LOCALES.map(({ code, label }) => ({
  item: code.toUpperCase(),
  label,
}));

export const THEME_SIZES = ['EXTRA_SMALL', 'SMALL', 'NORMAL', 'LARGE', 'EXTRA_LARGE'] as const;
/** Root font size in px of each theme size (SPEC §9). */
export const THEME_SIZE_PX: Record<(typeof THEME_SIZES)[number], number> = {
  EXTRA_SMALL: 12,
  SMALL: 14,
  NORMAL: 16,
  LARGE: 18,
  EXTRA_LARGE: 20,
};
export const THEME_FONTS = [
  'ROBOTO',
  'OPEN_SANS',
  'LATO',
  'MONTSERRAT',
  'OSWALD',
  'SOURCE_SANS_PRO',
  'SLABO_27PX',
  'RALEWAY',
  'PT_SANS',
  'MERRIWEATHER',
  'NUNITO_SANS',
  'PROMPT',
  'WORK_SANS',
] as const;
export const SORT_MODES = ['CUSTOM', 'NAME'] as const;
export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const;
/** date-fns patterns of the three date formats the user may choose (DD-MM-YYYY HH:mm, …). */
export const DATE_FORMATS = ['dd-LL-yyyy HH:mm', 'LL-dd-yyyy HH:mm', 'yyyy-LL-dd HH:mm'] as const;
/** The date part of a date-and-time format, for a calendar day ("dd-LL-yyyy HH:mm" → "dd-LL-yyyy"). */
export const datePartOf = (dateFormat: string) => dateFormat.replace(/[\s,T]*[Hhk].*$/, '') || 'yyyy-MM-dd';
export const LINE_HEIGHTS = ['DENSE', 'NORMAL'] as const;

export const LANGUAGES = [
  { code: 'EN', label: 'English' },
  { code: 'DK', label: 'Dansk' },
  { code: 'DU', label: 'Deutsch' },
  { code: 'ES', label: 'Español' },
  { code: 'FI', label: 'Suomi' },
  { code: 'FR', label: 'Français' },
  { code: 'HU', label: 'Magyar' },
  { code: 'NL', label: 'Nederlands' },
  { code: 'PL', label: 'Polski' },
  { code: 'SK', label: 'Slovenčina' },
] as const;

export const SortSettings = v.object({
  sortMode: v.picklist(SORT_MODES),
  sortDirection: v.picklist(SORT_DIRECTIONS),
});
export type SortSettings = v.InferOutput<typeof SortSettings>;

const email = v.pipe(v.string(), v.trim(), v.email('Email is invalid'));

export const AccountSettings = v.object({
  showDevicesSearchBar: v.boolean(),
  showHexacodesAsDeviceNames: v.boolean(),
  showDepartmentNumbers: v.boolean(),
  showNetworkControllers: v.boolean(),
  enablePageRefreshOnRequest: v.boolean(),
  enableFactorySettingsLines: v.boolean(),
  enableRealTimeCommunication: v.boolean(),
  themeSize: v.picklist(THEME_SIZES, 'Size is required'),
  themeFont: v.picklist(THEME_FONTS, 'Font is required'),
  email: v.nullable(email),
  lineHeight: v.picklist(LINE_HEIGHTS),
  fontSize: v.pipe(v.number(), v.integer(), v.minValue(8), v.maxValue(40)),
  dateFormat: v.picklist(DATE_FORMATS, 'Date format is invalid'),
  language: v.object({
    code: v.pipe(
      v.string(),
      v.nonEmpty('Language is required'),
      v.check((code) => LANGUAGE_CODES.includes(code.toUpperCase()), 'Language is not one of the product'),
    ),
    label: v.string(),
  }),
  dashboardsSettings: SortSettings,
  deviceConfigurationSettings: SortSettings,
  defaultPcNumber: pcNumber,
  pcNumbers: v.array(pcNumber),
  /** Seconds: the shortest interval the user may give a buffer. */
  minBufferInterval: bufferInterval,
  use2FA: v.boolean(),
  enableAlarmEmailExport: v.boolean(),
  alarmEmailExportAddresses: v.array(email),
  /** A short beep when a new alarm arrives while the app is open. */
  alarmSound: v.boolean(),
  /** A browser notification when a new alarm arrives while the app is open. */
  alarmBrowserNotifications: v.boolean(),
});
export type AccountSettings = v.InferOutput<typeof AccountSettings>;

/** Defaults of SPEC §9, given to every new user. */
export const DEFAULT_ACCOUNT_SETTINGS: AccountSettings = {
  showDevicesSearchBar: false,
  showHexacodesAsDeviceNames: true,
  showDepartmentNumbers: true,
  showNetworkControllers: true,
  enablePageRefreshOnRequest: false,
  enableFactorySettingsLines: false,
  enableRealTimeCommunication: false,
  themeSize: 'NORMAL',
  themeFont: 'ROBOTO',
  email: null,
  lineHeight: 'NORMAL',
  fontSize: 16,
  dateFormat: 'dd-LL-yyyy HH:mm',
  language: { code: 'EN', label: 'English' },
  dashboardsSettings: { sortMode: 'CUSTOM', sortDirection: 'ASC' },
  deviceConfigurationSettings: { sortMode: 'NAME', sortDirection: 'ASC' },
  defaultPcNumber: 1,
  pcNumbers: [1],
  minBufferInterval: 288,
  use2FA: false,
  enableAlarmEmailExport: false,
  alarmEmailExportAddresses: [],
  alarmSound: false,
  alarmBrowserNotifications: false,
};

/** POST body: any subset of the settings; the server merges it over the stored ones and validates the result. */
export const AccountSettingsUpdate = v.partial(AccountSettings);
export type AccountSettingsUpdate = v.InferOutput<typeof AccountSettingsUpdate>;
