import { isToWorkerMessage, routeOf, type NotificationClickMessage, type PushPayload } from './messages';

/**
 * The parts of the service worker global the handlers use, so unit tests drive them with a small fake instead
 * of a browser (sw.ts passes the real `self`).
 */
export interface ShownNotification {
  readonly data: unknown;
  close(): void;
}

export interface WindowClientLike {
  readonly url: string;
  readonly focused: boolean;
  readonly visibilityState: string;
  focus(): Promise<unknown>;
  postMessage(message: NotificationClickMessage): void;
}

export interface WorkerScope {
  readonly registration: {
    showNotification(title: string, options: NotificationOptions): Promise<void>;
    getNotifications(): Promise<readonly ShownNotification[]>;
  };
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  readonly navigator: { setAppBadge?(count?: number): Promise<void>; clearAppBadge?(): Promise<void> };
  skipWaiting(): Promise<void>;
}

/** Shown when a push carries no readable payload: the browser requires a notification for every push. */
const FALLBACK: PushPayload = { title: 'Coldwatch', body: '' };

function parsePayload(read: () => unknown): PushPayload {
  try {
    const payload = read();
    if (
      typeof payload === 'object' &&
      payload !== null &&
      typeof (payload as PushPayload).title === 'string'
    ) {
      return payload as PushPayload;
    }
  } catch {
    // Not JSON: fall through to the generic notification.
  }
  return FALLBACK;
}

/** Badging is optional (not every browser has it); a failure must never lose the notification. */
const quietly = (attempt: (() => Promise<void>) | undefined) => attempt?.().catch(() => {});

/** A push: one notification per alarm (the tag replaces an older one of the same alarm), and the badge counts them. */
export async function onPush(scope: WorkerScope, readJson: () => unknown): Promise<void> {
  const payload = parsePayload(readJson);
  await scope.registration.showNotification(payload.title, {
    body: payload.body ?? '',
    ...(payload.tag ? { tag: payload.tag } : {}),
    icon: '/favicon.svg',
    data: { ...payload.data, route: routeOf(payload.data) },
  });
  const shown = await scope.registration.getNotifications();
  await quietly(scope.navigator.setAppBadge && (() => scope.navigator.setAppBadge!(shown.length)));
}

/** A click: an open window of the app is focused and told where to go; without one, a window opens there. */
export async function onNotificationClick(
  scope: WorkerScope,
  notification: ShownNotification,
): Promise<void> {
  notification.close();
  const route = routeOf(notification.data);
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const target =
    windows.find((client) => client.focused) ??
    windows.find((client) => client.visibilityState === 'visible') ??
    windows[0];
  if (!target) {
    await scope.clients.openWindow(route);
    return;
  }
  await target.focus().catch(() => {});
  target.postMessage({ type: 'notification-click', route });
}

/** Messages from the page: skip-waiting activates a waiting update; clear-badge forgets what was shown. */
export async function onMessage(scope: WorkerScope, data: unknown): Promise<void> {
  if (!isToWorkerMessage(data)) return;
  if (data.type === 'skip-waiting') {
    await scope.skipWaiting();
    return;
  }
  await quietly(scope.navigator.clearAppBadge && (() => scope.navigator.clearAppBadge!()));
  for (const notification of await scope.registration.getNotifications()) notification.close();
}
