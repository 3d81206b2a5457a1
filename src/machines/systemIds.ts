/**
 * systemIds of the actors the root app machine keeps alive; views find them with `system.get(id)`.
 * socket, deviceTree, dashboards, devicePage and dashboardEditor live while signed in (invoked by the signedIn state); deviceConfiguration
 * while its dialog is open.
 */
export const SYSTEM_IDS = {
  notifications: 'notifications',
  connectivity: 'connectivity',
  appVersion: 'appVersion',
  login: 'login',
  socket: 'socket',
  deviceTree: 'deviceTree',
  dashboards: 'dashboards',
  devicePage: 'devicePage',
  dashboardEditor: 'dashboardEditor',
  deviceConfiguration: 'deviceConfiguration',
  /** The alarm list (bell and menu); it spawns the alarm dialogs' workflows (see alarms/alarmsSystem.ts). */
  alarms: 'alarms',
  /** The chain overview, while the route is /stores. */
  stores: 'stores',
  /** The food-safety reports, while the route is /reports. */
  reports: 'reports',
  /** The account menu's dialog that is open, if any. */
  accountDialog: 'accountDialog',
  /** Two-factor setup, started by the account settings when the user turns two-factor on. */
  twoFactorSetup: 'twoFactorSetup',
} as const;
