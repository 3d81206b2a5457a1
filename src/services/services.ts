import type { Api } from './api';
import type { AlarmsApi } from './api/alarms';
import type { PasswordRecoveryApi } from './api/passwordRecovery';
import type { AlarmBrowser } from './alarmBrowser';
import type { AlarmStreamFactory } from './alarmStream';
import type { BrowserEvents } from './browser';
import type { Clipboard } from './clipboard';
import type { UnauthorizedSignal } from './http';
import type { Navigation } from './navigation';
import type { RangeAddress } from './rangeAddress';
import type { AppServiceWorker } from './serviceWorker';
import type { SocketFactory } from './socket';
import type { AppStorage } from './storage';

/*
 * The services the machines are provided with (each machine folder's provide….ts): declared here, next to what implements them,
 * so that machines depend on services and never the other way round.
 */

export interface AppServices {
  api: Api;
  storage: AppStorage;
  navigation: Navigation;
  browser: BrowserEvents;
  /** Copying text for the user (the two-factor secret). */
  clipboard: Clipboard;
  unauthorized: Pick<UnauthorizedSignal, 'subscribe'>;
  /** Opens the real-time socket (one connection per attempt; the socket machine owns reconnection). */
  socket: SocketFactory;
  /** The alarms API, their SSE stream, and the browser's sound, notifications and push. */
  alarms: AlarmServices;
  /** Where the range chosen for a chart is kept across reloads: the address bar. */
  ranges: RangeAddress;
  /** The installed app's worker; absent (tests, dev server) an update is a plain reload. */
  serviceWorker?: AppServiceWorker;
}

/** The alarms API, their SSE stream, and the browser's sound, notifications and push. */
export interface AlarmServices {
  api: AlarmsApi;
  stream: AlarmStreamFactory;
  browser: AlarmBrowser;
  /** The text of an alarm code in the user's language (the browser notification is written outside React). */
  alarmText: (code: string) => string;
}

/** What the screens of a password reset need, before anyone signs in. */
export interface GuestServices {
  passwordRecovery: PasswordRecoveryApi;
}
