import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { AccountDialogName } from '../accountDialogs/accountDialog.types';
import type { loginMachine } from '../login/loginMachine';
import type { reportsMachine } from '../reports/reportsMachine';
import type { storesMachine } from '../stores/storesMachine';
import { DEFAULT_ACCOUNT_SETTINGS, hasGrant, THEME_SIZE_PX, type ColorSet, type ThemeMode } from '#contracts';
import { SYSTEM_IDS } from '../systemIds';
import type { appMachine } from './appMachine';

type AppSnapshot = SnapshotFrom<typeof appMachine>;

const DEFAULT_LOCALE = 'en';
const DEFAULT_FONT_PX = THEME_SIZE_PX.NORMAL;

/** Theme and stored session are still being read: nothing meaningful to show yet. */
export const selectIsBooting = (s: AppSnapshot): boolean =>
  s.matches('loadingTheme') || s.matches('restoring');
export const selectIsSignedIn = (s: AppSnapshot): boolean => s.matches('signedIn');
/** Signed in with the live actors (socket, device tree, device page) running. */
export const selectIsLive = (s: AppSnapshot): boolean => s.matches({ signedIn: { world: 'live' } });
export const selectUsername = (s: AppSnapshot): string => s.context.session?.metadata.username ?? '';
export const selectThemeMode = (s: AppSnapshot): ThemeMode => s.context.themeMode;
export const selectTenantTitle = (s: AppSnapshot): string => s.context.theme?.title ?? '';
export const selectLoginLogo = (s: AppSnapshot): string => s.context.theme?.loginLogo ?? '';
export const selectSidebarLogo = (s: AppSnapshot): string => s.context.theme?.sidebarLogo ?? '';
export const selectFavicon = (s: AppSnapshot): string => s.context.theme?.favicon ?? '';
/** Colour set of the current mode; the reference changes only with the theme or the mode. */
export const selectActiveColors = (s: AppSnapshot): ColorSet | null =>
  s.context.theme?.colors[s.context.themeMode] ?? null;

/** Locale: the account settings language once read, else the session's, else English. */
export const selectLocale = (s: AppSnapshot): string =>
  (
    s.context.settings?.language.code ??
    s.context.session?.metadata.languageCode ??
    s.context.guestLocale ??
    DEFAULT_LOCALE
  ).toLowerCase();
export const selectRootFontPx = (s: AppSnapshot): number =>
  s.context.settings ? THEME_SIZE_PX[s.context.settings.themeSize] : DEFAULT_FONT_PX;
/** ThemeFont key (ROBOTO, …), or '' for the default system font. */
export const selectThemeFont = (s: AppSnapshot): string => s.context.settings?.themeFont ?? '';

/** Device pages (account settings; SPEC §9 defaults until read): a refresh button only when asked for. */
export const selectPageRefreshOnRequest = (s: AppSnapshot): boolean =>
  (s.context.settings ?? DEFAULT_ACCOUNT_SETTINGS).enablePageRefreshOnRequest;
/** Factory-settings lines: the server sends them only with the setting on (and RND at WRITE). */
export const selectFactorySettingsLines = (s: AppSnapshot): boolean =>
  (s.context.settings ?? DEFAULT_ACCOUNT_SETTINGS).enableFactorySettingsLines;
/** The device page's line rows: dense (lineHeight DENSE) and their font size in px. */
export const selectDenseLines = (s: AppSnapshot): boolean =>
  (s.context.settings ?? DEFAULT_ACCOUNT_SETTINGS).lineHeight === 'DENSE';
export const selectLineFontPx = (s: AppSnapshot): number =>
  (s.context.settings ?? DEFAULT_ACCOUNT_SETTINGS).fontSize;

/** The account menu's dialog that is open ('' when none): its view is chosen from src/ui/accountDialogs/registry.ts. */
export const selectAccountDialog = (s: AppSnapshot): string => s.context.accountDialog ?? '';

/** Whether the account menu offers a dialog: its workflow has arrived with the signed-in chunk. */
export const selectOffersAccountDialog =
  (dialog: AccountDialogName) =>
  (s: AppSnapshot): boolean =>
    s.context.world?.accountDialogs[dialog] !== undefined;

/** The chain overview's actor: running while the route is /stores and the signed-in chunk is here. */
export const selectStoresActor = (s: AppSnapshot) =>
  s.children[SYSTEM_IDS.stores] as ActorRefFrom<typeof storesMachine> | undefined;

/** The Reports screen's actor: running while the route is /reports and the signed-in chunk is here. */
export const selectReportsActor = (s: AppSnapshot) =>
  s.children[SYSTEM_IDS.reports] as ActorRefFrom<typeof reportsMachine> | undefined;

/** Scheduled reports and food-safety limits are changed with DEVICES at WRITE (the server checks it too). */
export const selectMayManageReports = (s: AppSnapshot): boolean =>
  hasGrant(s.context.session?.token.authorities ?? [], 'DEVICES', 'WRITE');

/**
 * Food-safety sign-offs need DEVICES at WRITE and a user acting as themself (the server checks both; this only
 * hides what it would refuse).
 */
export const selectMaySignOff = (s: AppSnapshot): boolean =>
  selectMayManageReports(s) && !s.context.session?.token.source;

/** SPEC §6: SYSTEM at WRITE shows the Admin entries of the account menu (switch user, the user list). */
export const selectIsAdministrator = (s: AppSnapshot): boolean =>
  hasGrant(s.context.session?.token.authorities ?? [], 'SYSTEM', 'WRITE');

/** The running login workflow (only while signed out). */
export const selectLoginActor = (s: AppSnapshot): ActorRefFrom<typeof loginMachine> | undefined =>
  s.children[SYSTEM_IDS.login] as ActorRefFrom<typeof loginMachine> | undefined;

/** SPEC §4: the administrator's username while acting as another account (token.source), else ''. */
export const selectSwitchedFrom = (s: AppSnapshot): string => s.context.session?.token.source ?? '';
/** Dates are shown in the user's format (account settings; SPEC §9 default until read) and time zone. */
export const selectDateFormat = (s: AppSnapshot) =>
  (s.context.settings ?? DEFAULT_ACCOUNT_SETTINGS).dateFormat;
export const selectTimeZone = (s: AppSnapshot): string => s.context.timeZone;
