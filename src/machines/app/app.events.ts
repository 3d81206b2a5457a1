export type AppEvent =
  /** The browser location changed (sent by the router view); the guard of SPEC §2 runs on it. */
  | { type: 'route.changed'; path: string }
  | { type: 'theme.toggle' }
  | { type: 'session.logout' }
  /** The server refused our token (a 401 while holding one). */
  | { type: 'session.expired' }
  /** Opens the device configuration dialog (account menu). */
  | { type: 'deviceConfiguration.open' };
