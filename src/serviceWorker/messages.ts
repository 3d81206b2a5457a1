/**
 * What the page and the service worker say to each other (SPEC §7 service worker messages), and the push payload
 * the server sends. Shared by src/serviceWorker/ (the worker) and src/services/serviceWorker.ts (the page).
 */

/** Page → worker. */
export type ToWorkerMessage =
  /** The user chose to reload into the new version: the waiting worker activates now. */
  | { type: 'skip-waiting' }
  /** The app started: the badge and the notifications it counts are stale. */
  | { type: 'clear-badge' };

/** Worker → page: a notification was clicked while the app was open; the page navigates to `route`. */
export interface NotificationClickMessage {
  type: 'notification-click';
  route: string;
}

/** The JSON body of a push: the server's alarm notification. Only title is required; the rest has fallbacks. */
export interface PushPayload {
  title: string;
  body?: string;
  tag?: string;
  data?: {
    route?: string;
    hexacode?: string;
    department?: number | string;
    subDepartment?: number | string;
    page?: number | string;
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A same-origin path of the app: never another origin, a protocol-relative URL or a script. */
export const isAppRoute = (route: unknown): route is string =>
  typeof route === 'string' && route.startsWith('/') && !route.startsWith('//') && !route.includes('\\');

/**
 * The page route a notification leads to: the payload's route when it is an app path, else the page route of
 * SPEC §2 built from hexacode, department, subDepartment and page, else home.
 */
export function routeOf(data: unknown): string {
  if (!isRecord(data)) return '/';
  if (isAppRoute(data.route)) return data.route;
  const { hexacode, department, subDepartment, page } = data;
  const parts = [hexacode, department, subDepartment, page];
  if (!parts.every((part) => typeof part === 'string' || typeof part === 'number')) return '/';
  const [h, d, s, p] = parts.map((part) => encodeURIComponent(String(part)));
  return `/${h}/${d}/${s}/pages/${p}`;
}

export function isToWorkerMessage(data: unknown): data is ToWorkerMessage {
  return isRecord(data) && (data.type === 'skip-waiting' || data.type === 'clear-badge');
}

export function isNotificationClickMessage(data: unknown): data is NotificationClickMessage {
  return isRecord(data) && data.type === 'notification-click' && isAppRoute(data.route);
}
