import { DEFAULT_ACCOUNT_SETTINGS, hasGrant, type AccountSettings, type Session } from '#contracts';
import type { AlarmListEvent, AlarmPreferences } from '../alarms/alarmList.events';
import type { DashboardEditorEvent } from '../dashboardEditor/dashboardEditor.events';
import type { DashboardsEvent } from '../dashboards/dashboards.events';
import type { DevicePageEvent } from '../devicePage/devicePage.events';
import type { DeviceTreeEvent } from '../deviceTree/deviceTree.events';
import { preferencesOf } from '../userPreferences';

/** The device page route (ROUTES.page), parsed; null for any other path. */
export function pageRoute(path: string) {
  const match = /^\/([^/]+)\/(\d+)\/(\d+)\/pages\/(\d+)$/.exec(path);
  if (!match) return null;
  const [, hexacode = '', department, subDepartment, page] = match;
  return {
    hexacode: decodeURIComponent(hexacode),
    department: Number(department),
    subDepartment: Number(subDepartment),
    page: Number(page),
  };
}

interface LiveContext {
  path: string;
  session: Session | null;
  settings: AccountSettings | null;
}

/** SPEC §2/§6: the real-time note shows with RND write and real-time communication on. */
const showRealtimeNote = ({ session, settings }: LiveContext): boolean =>
  session !== null &&
  hasGrant(session.token.authorities, 'RND', 'WRITE') &&
  (settings ?? DEFAULT_ACCOUNT_SETTINGS).enableRealTimeCommunication;

/** What the device page actor must hear for the current route. */
export function pageEvent(context: LiveContext): DevicePageEvent {
  const route = pageRoute(context.path);
  return route
    ? { type: 'page.open', address: route, showRealtimeNote: showRealtimeNote(context) }
    : { type: 'page.close' };
}

/** The tree opens the way to the device page of the current route (or forgets it). */
export const revealEvent = (context: LiveContext): DeviceTreeEvent => ({
  type: 'tree.revealRoute',
  page: pageRoute(context.path),
});

/** The dashboard route (ROUTES.dashboard), parsed: its id; null for any other path. */
function dashboardRoute(path: string): string | null {
  const match = /^\/dashboard\/([^/]+)$/.exec(path);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** The dashboards list hears which dashboard the route names (a missing one goes to 404). */
export const dashboardsRouteEvent = (context: LiveContext): DashboardsEvent => ({
  type: 'dashboards.route',
  id: dashboardRoute(context.path),
});

/** The user's date format, time zone and buffer rights, for the dashboard's dialogs. */
export const preferencesEvent = (context: LiveContext & { timeZone: string }): DashboardEditorEvent => ({
  type: 'dashboard.preferencesChanged',
  preferences: preferencesOf(context.session, context.settings, context.timeZone),
});

/** The alarm list hears the user's alarm switches, date format and whether they may acknowledge (DEVICES WRITE). */
export function alarmPreferencesOf(context: LiveContext & { timeZone: string }): AlarmPreferences {
  const { alarmSound, alarmBrowserNotifications, dateFormat } = context.settings ?? DEFAULT_ACCOUNT_SETTINGS;
  return {
    alarmSound,
    alarmBrowserNotifications,
    dateFormat,
    timeZone: context.timeZone,
    canAcknowledge:
      context.session !== null && hasGrant(context.session.token.authorities, 'DEVICES', 'WRITE'),
  };
}
export const alarmPreferencesEvent = (context: LiveContext & { timeZone: string }): AlarmListEvent => ({
  type: 'alarms.preferencesChanged',
  preferences: alarmPreferencesOf(context),
});

/** What the dashboard editing actor must hear for the current route. */
export function dashboardEvent(context: LiveContext): DashboardEditorEvent {
  const id = dashboardRoute(context.path);
  return id ? { type: 'dashboard.open', id } : { type: 'dashboard.close' };
}
