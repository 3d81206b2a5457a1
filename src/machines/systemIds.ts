/**
 * systemIds of the actors the root app machine keeps alive; views find them with `system.get(id)`.
 * socket, deviceTree, dashboards and devicePage live while signed in (invoked by the signedIn state); deviceConfiguration
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
  deviceConfiguration: 'deviceConfiguration',
} as const;
