import { describe, expect, it, vi } from 'vitest';
import {
  onMessage,
  onNotificationClick,
  onPush,
  type ShownNotification,
  type WindowClientLike,
  type WorkerScope,
} from '../../src/serviceWorker/handlers';

/** A small stand-in for the service worker global: notifications in a list, windows as given. */
function fakeWorker(windows: WindowClientLike[] = []) {
  const shown: Array<{ title: string; options: NotificationOptions; close: () => void; data: unknown }> = [];
  const scope = {
    registration: {
      showNotification: vi.fn(async (title: string, options: NotificationOptions) => {
        const entry = {
          title,
          options,
          data: options.data,
          close: vi.fn(() => void shown.splice(shown.indexOf(entry), 1)),
        };
        shown.push(entry);
      }),
      getNotifications: vi.fn(async (): Promise<ShownNotification[]> => [...shown]),
    },
    clients: {
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
    },
    navigator: { setAppBadge: vi.fn(async () => {}), clearAppBadge: vi.fn(async () => {}) },
    skipWaiting: vi.fn(async () => {}),
  } satisfies WorkerScope;
  return { scope, shown };
}

function fakeWindow(state: Partial<Pick<WindowClientLike, 'focused' | 'visibilityState'>> = {}) {
  return {
    url: 'http://localhost/',
    focused: false,
    visibilityState: 'hidden',
    ...state,
    focus: vi.fn(async () => undefined),
    postMessage: vi.fn(),
  };
}

const alarmPush = {
  title: 'High temperature',
  body: 'Case 3 · Dairy',
  tag: 'alarm-42',
  data: { route: '/ABC123/1/0/pages/0', hexacode: 'ABC123', department: 1, subDepartment: 0, page: 0 },
};

describe('service worker: push', () => {
  it('shows the alarm as a notification with its title, body, tag and route, and badges the app', async () => {
    const { scope, shown } = fakeWorker();
    await onPush(scope, () => alarmPush);
    expect(scope.registration.showNotification).toHaveBeenCalledWith('High temperature', {
      body: 'Case 3 · Dairy',
      tag: 'alarm-42',
      icon: '/favicon.svg',
      data: alarmPush.data,
    });
    expect(shown).toHaveLength(1);
    expect(scope.navigator.setAppBadge).toHaveBeenCalledWith(1);
  });

  it('builds the page route from hexacode, department, sub-department and page when the payload has none', async () => {
    const { scope, shown } = fakeWorker();
    await onPush(scope, () => ({
      title: 'Sensor fault',
      data: { hexacode: 'F00D', department: 2, subDepartment: 1, page: 3 },
    }));
    expect(shown[0]?.data).toMatchObject({ route: '/F00D/2/1/pages/3' });
  });

  it('still shows a notification for a push that is no JSON, and never trusts a route to another origin', async () => {
    const { scope, shown } = fakeWorker();
    await onPush(scope, () => {
      throw new SyntaxError('Unexpected token');
    });
    await onPush(scope, () => ({ title: 'Phish', data: { route: '//evil.example/x' } }));
    expect(shown.map((n) => n.title)).toEqual(['Coldwatch', 'Phish']);
    expect(shown[1]?.data).toMatchObject({ route: '/' });
  });

  it('shows the notification even where the app badge is not supported or fails', async () => {
    const { scope, shown } = fakeWorker();
    scope.navigator.setAppBadge.mockRejectedValueOnce(new Error('not allowed'));
    await onPush(scope, () => alarmPush);
    expect(shown).toHaveLength(1);
  });
});

describe('service worker: notification click', () => {
  const clicked = () => ({ data: { route: '/ABC123/1/0/pages/0' }, close: vi.fn() });

  it('focuses the focused window of the app and tells it the route', async () => {
    const background = fakeWindow();
    const focused = fakeWindow({ focused: true, visibilityState: 'visible' });
    const { scope } = fakeWorker([background, focused]);
    const notification = clicked();
    await onNotificationClick(scope, notification);
    expect(notification.close).toHaveBeenCalled();
    expect(focused.focus).toHaveBeenCalled();
    expect(focused.postMessage).toHaveBeenCalledWith({
      type: 'notification-click',
      route: '/ABC123/1/0/pages/0',
    });
    expect(background.postMessage).not.toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('uses a background window when none is focused', async () => {
    const background = fakeWindow();
    const { scope } = fakeWorker([background]);
    await onNotificationClick(scope, clicked());
    expect(background.focus).toHaveBeenCalled();
    expect(background.postMessage).toHaveBeenCalledWith({
      type: 'notification-click',
      route: '/ABC123/1/0/pages/0',
    });
  });

  it('opens a window at the route when the app is not open', async () => {
    const { scope } = fakeWorker([]);
    await onNotificationClick(scope, clicked());
    expect(scope.clients.openWindow).toHaveBeenCalledWith('/ABC123/1/0/pages/0');
  });
});

describe('service worker: messages from the page', () => {
  it('clear-badge clears the badge and closes the alarm notifications', async () => {
    const { scope, shown } = fakeWorker();
    await onPush(scope, () => alarmPush);
    await onPush(scope, () => ({ ...alarmPush, tag: 'alarm-43' }));
    await onMessage(scope, { type: 'clear-badge' });
    expect(scope.navigator.clearAppBadge).toHaveBeenCalled();
    expect(shown).toHaveLength(0);
  });

  it('skip-waiting activates the waiting version; anything else is ignored', async () => {
    const { scope } = fakeWorker();
    await onMessage(scope, { type: 'something-else' });
    await onMessage(scope, 'skip-waiting');
    expect(scope.skipWaiting).not.toHaveBeenCalled();
    await onMessage(scope, { type: 'skip-waiting' });
    expect(scope.skipWaiting).toHaveBeenCalledOnce();
  });
});
