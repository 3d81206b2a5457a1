import type { KyInstance } from 'ky';
import { createAccountSettingsApi, type AccountSettingsApi } from './api/accountSettings';
import { createAlarmHealthApi, type AlarmHealthApi } from './api/alarmHealth';
import { createAuditApi, type AuditApi } from './api/audit';
import { createAuthApi, type AuthApi } from './api/auth';
import { createDashboardsApi, type DashboardsApi } from './api/dashboards';
import { createDevicesApi, type DevicesApi } from './api/devices';
import { createEscalationApi, type EscalationApi } from './api/escalation';
import { createFleetApi, type FleetApi } from './api/fleet';
import { createReportsApi, type ReportsApi } from './api/reports';
import { createHistoryApi, type HistoryApi } from './api/history';
import { createSupportApi, type SupportApi } from './api/support';
import { createThemeSettingsApi, type ThemeSettingsApi } from './api/themeSettings';
import { createTwoFactorApi, type TwoFactorApi } from './api/twoFactor';
import { createSwitchAccountApi, type SwitchAccountApi } from './api/switchAccount';
import { createUsersApi, type UsersApi } from './api/users';

// The typed client of the server API, one file a domain under ./api/; importers keep using this entry point.
export type { LoginFailure, LoginOutcome } from './api/auth';
export type { DepartmentName, DepartmentNamesQuery, LinesQuery, PagesQuery } from './api/devices';
export type { DashboardExport, DashboardGroupSaveInput } from './api/dashboards';
export { DashboardConflictError } from './api/helpers';

export interface Api
  extends
    AuthApi,
    DevicesApi,
    DashboardsApi,
    HistoryApi,
    ThemeSettingsApi,
    SupportApi,
    AccountSettingsApi,
    UsersApi,
    TwoFactorApi,
    SwitchAccountApi,
    FleetApi,
    ReportsApi,
    AlarmHealthApi,
    AuditApi,
    EscalationApi {}

export function createApi(http: KyInstance, versionUrl: string): Api {
  return {
    ...createAuthApi(http, versionUrl),
    ...createDevicesApi(http),
    ...createDashboardsApi(http),
    ...createHistoryApi(http),
    ...createTwoFactorApi(http),
    ...createSupportApi(http),
    ...createThemeSettingsApi(http),
    ...createAccountSettingsApi(http),
    ...createUsersApi(http),
    ...createSwitchAccountApi(http),
    ...createFleetApi(http),
    ...createReportsApi(http),
    ...createAlarmHealthApi(http),
    ...createAuditApi(http),
    ...createEscalationApi(http),
  };
}
