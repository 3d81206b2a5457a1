import type { AccountDialogName, AccountDialogOutput } from '../accountDialogs/accountDialog.types';
import type { DeviceConfigurationOutput } from '../deviceConfiguration/deviceConfiguration.events';

export type AppEvent =
  /** The browser location changed (sent by the router view); the guard of SPEC §2 runs on it. */
  | { type: 'route.changed'; path: string }
  | { type: 'theme.toggle' }
  /** A visitor picked the login screen's language (a code of src/i18n/locales.ts); the user's own wins at sign-in. */
  | { type: 'locale.choose'; code: string }
  | { type: 'session.logout' }
  /** The open dashboard's unsaved changes were saved or discarded after a held logout: it goes on. */
  | { type: 'session.logoutAllowed' }
  /** The server refused our token (a 401 while holding one). */
  | { type: 'session.expired' }
  /** Opens the device configuration dialog (account menu). */
  | { type: 'deviceConfiguration.open' }
  /**
   * The dialog's actor reached its final state: XState's done event of the child spawned with that id
   * (spawned, not invoked, because its logic arrives with the signed-in chunk).
   */
  | { type: 'xstate.done.actor.deviceConfiguration'; output: DeviceConfigurationOutput }
  /** Opens one of the account menu's dialogs (settings, theme, switch account, support…). */
  | { type: 'accountDialog.open'; dialog: AccountDialogName }
  /** The open account dialog's actor ended: what it changed, if anything (see AccountDialogOutput). */
  | { type: 'xstate.done.actor.accountDialog'; output: AccountDialogOutput };
