/**
 * Every table of the server in one place, for drizzle (drizzle.config.ts, db/client.ts): each module owns its tables
 * in its own tables.ts, and this file only gathers them. Each is named here rather than re-exported with `export *`:
 * drizzle-kit then meets the tables in alphabetical order, as when they were all written here, and generates the
 * same SQL.
 */
export { tenants, type StoredTheme, type Tenant } from '../modules/tenancy/tables';
export { users, type StoredAuthority, type User } from '../modules/users/tables';
export { sessions, loginAttempts, addressAttempts } from '../modules/auth/tables';
export {
  businessGroups,
  DEVICE_TYPES,
  devices,
  deviceConfigurations,
  type StoredDeviceType,
  type BusinessGroupRow,
  type DeviceRow,
} from '../modules/devices/tables';
export {
  dashboardGroups,
  dashboards,
  type DashboardRow,
  type DashboardGroupRow,
} from '../modules/dashboards/tables';
export { buffers, type BufferRow } from '../modules/buffers/tables';
export { historyStaging, historyChunks, historyRollups } from '../modules/history/tables';
export {
  alarmOccurrences,
  alarmDelays,
  departmentDefrosts,
  alarmChanges,
  type AlarmOccurrenceRow,
  type AlarmSuppression,
} from '../modules/alarms/tables';
export { pushSubscriptions, vapidKeys, type PushSubscriptionRow } from '../modules/push/tables';
export {
  NOTIFICATION_CHANNELS,
  notificationOutbox,
  type NotificationChannel,
  type NotificationOutboxRow,
} from '../modules/mail/tables';
export { PASSWORD_TOKEN_KINDS, passwordTokens, type PasswordTokenKind } from '../modules/recovery/tables';
export {
  IMPERSONATION_KINDS,
  impersonationRecords,
  impersonationActions,
  type ImpersonationKind,
} from '../modules/impersonation/tables';
export { supportRequests } from '../modules/support/tables';
export {
  foodSafetyLimits,
  foodSafetyReviews,
  reportSchedules,
  reportSendings,
  type ReportScheduleRow,
} from '../modules/foodSafety/tables';
export {
  alarmEscalationPolicies,
  alarmEscalationClaims,
  alarmNotifications,
  alarmTestRuns,
} from '../modules/escalation/tables';
export { alarmShelvings } from '../modules/shelving/tables';
export { auditEntries } from '../modules/audit/tables';
