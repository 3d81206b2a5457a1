/**
 * systemIds of the actors the root app machine keeps alive; views find them with `system.get(id)`.
 * The real-time socket joins here with its issue (SOCKET, invoked while signed in).
 */
export const SYSTEM_IDS = {
  notifications: 'notifications',
  connectivity: 'connectivity',
  appVersion: 'appVersion',
  login: 'login',
} as const;
