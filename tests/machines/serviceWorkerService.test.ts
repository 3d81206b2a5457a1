import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import { provideApp } from '../../src/machines/app/provideApp';
import type { appVersionMachine } from '../../src/machines/appVersion/appVersionMachine';
import { SYSTEM_IDS } from '../../src/machines/systemIds';
import { createServiceWorker, type WorkerContainer } from '../../src/services/serviceWorker';
import { fakeServices } from '../support/fakes/fakeServices';
import { settle } from '../support/dom/settle';

/** A worker version: posts are recorded, its state moves through `become`. */
class FakeWorker extends EventTarget {
  posted: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  active: FakeWorker | null = new FakeWorker('activated');
  update = vi.fn(async () => this);
  /** The browser found a new sw.js and installs it. */
  find(worker = new FakeWorker('installing')) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }
  installed(worker: FakeWorker) {
    this.installing = null;
    this.waiting = worker;
    worker.become('installed');
  }
}

/** navigator.serviceWorker as far as the app uses it; `controlled` says whether an older version runs the page. */
function fakeContainer(registration: FakeRegistration, controlled = true) {
  const target = new EventTarget();
  const container = {
    controller: controlled ? registration.active : null,
    ready: Promise.resolve(registration),
    register: vi.fn(async () => registration),
    startMessages: vi.fn(),
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    /** The worker posts to the page, or switches the page to a new controller. */
    receive: (data: unknown) => target.dispatchEvent(new MessageEvent('message', { data })),
    switchController: () => target.dispatchEvent(new Event('controllerchange')),
  };
  return container as typeof container & WorkerContainer;
}

function started(registration: FakeRegistration, controlled = true) {
  const container = fakeContainer(registration, controlled);
  const reload = vi.fn();
  const worker = createServiceWorker(container, reload);
  const listeners = { onUpdateWaiting: vi.fn(), onNotificationClick: vi.fn() };
  const stop = worker.start(listeners);
  return { container, reload, worker, listeners, stop };
}

describe('service worker service', () => {
  it('registers /sw.js for the whole origin and clears the badge on start', async () => {
    const registration = new FakeRegistration();
    const { container } = started(registration);
    await settle();
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/', type: 'classic' });
    expect(registration.active?.posted).toEqual([{ type: 'clear-badge' }]);
  });

  it('reports a version that was already waiting, and one installed later', async () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker('installed');
    const { listeners } = started(registration);
    await settle();
    expect(listeners.onUpdateWaiting).toHaveBeenCalledTimes(1);
    registration.installed(registration.find());
    expect(listeners.onUpdateWaiting).toHaveBeenCalledTimes(2);
  });

  it('does not call the first install of a page without a worker an update', async () => {
    const registration = new FakeRegistration();
    const { listeners } = started(registration, false);
    await settle();
    registration.installed(registration.find());
    expect(listeners.onUpdateWaiting).not.toHaveBeenCalled();
  });

  it('passes on notification clicks with an app route, and nothing after stop', async () => {
    const { container, listeners, stop } = started(new FakeRegistration());
    container.receive({ type: 'notification-click', route: '/ABC123/1/0/pages/0' });
    container.receive({ type: 'notification-click', route: 'https://elsewhere.example/' });
    container.receive({ type: 'other' });
    expect(listeners.onNotificationClick).toHaveBeenCalledExactlyOnceWith('/ABC123/1/0/pages/0');
    stop();
    container.receive({ type: 'notification-click', route: '/' });
    expect(listeners.onNotificationClick).toHaveBeenCalledOnce();
  });

  it('reloads into a waiting version: skip-waiting first, the reload once the new worker controls the page', async () => {
    const registration = new FakeRegistration();
    const waiting = new FakeWorker('installed');
    registration.waiting = waiting;
    const { container, reload, worker } = started(registration);
    await worker.activateUpdate();
    expect(waiting.posted).toEqual([{ type: 'skip-waiting' }]);
    expect(reload).not.toHaveBeenCalled();
    container.switchController();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('fetches a deployed worker the browser has not seen yet before reloading into it', async () => {
    const registration = new FakeRegistration();
    const fresh = new FakeWorker('installing');
    registration.update.mockImplementation(async () => {
      registration.find(fresh);
      return registration;
    });
    const { container, reload, worker } = started(registration);
    const activating = worker.activateUpdate();
    await settle();
    registration.installed(fresh);
    await activating;
    expect(fresh.posted).toEqual([{ type: 'skip-waiting' }]);
    container.switchController();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('simply reloads when no new worker turns up or registration failed', async () => {
    const registration = new FakeRegistration();
    const { reload, worker } = started(registration);
    await worker.activateUpdate();
    expect(reload).toHaveBeenCalledOnce();

    const failing = fakeContainer(new FakeRegistration());
    failing.register.mockRejectedValueOnce(new Error('SecurityError'));
    const reloadAfterFailure = vi.fn();
    vi.spyOn(console, 'warn').mockImplementationOnce(() => {});
    await createServiceWorker(failing, reloadAfterFailure).activateUpdate();
    expect(reloadAfterFailure).toHaveBeenCalledOnce();
  });
});

describe('app version machine with the service worker', () => {
  function boot() {
    const fakes = fakeServices();
    let listeners!: { onUpdateWaiting(): void; onNotificationClick(route: string): void };
    const serviceWorker = {
      start: vi.fn((given: typeof listeners) => {
        listeners = given;
        return () => {};
      }),
      activateUpdate: vi.fn(async () => {}),
    };
    const actor = createActor(provideApp({ ...fakes.services, serviceWorker }), {
      input: { path: '/', themeMode: null, buildId: 'build-1' },
    }).start();
    const version = actor.system.get(SYSTEM_IDS.appVersion) as ActorRefFrom<typeof appVersionMachine>;
    return { fakes, serviceWorker, version, listeners: () => listeners };
  }

  it('shows the new version as soon as the worker has one waiting, and reloads through the worker', async () => {
    const { fakes, serviceWorker, version, listeners } = boot();
    expect(serviceWorker.start).toHaveBeenCalledOnce();
    expect(version.getSnapshot().matches('current')).toBe(true);
    listeners().onUpdateWaiting();
    await waitFor(version, (s) => s.matches('outdated'));
    version.send({ type: 'app.reload' });
    expect(serviceWorker.activateUpdate).toHaveBeenCalledOnce();
    expect(fakes.services.browser.reload).not.toHaveBeenCalled();
  });

  it('opens the page of a clicked notification through the navigation service, only for app routes', () => {
    const { fakes, listeners } = boot();
    listeners().onNotificationClick('/ABC123/1/0/pages/0');
    expect(fakes.services.navigation.go).toHaveBeenCalledExactlyOnceWith('/ABC123/1/0/pages/0');
    listeners().onNotificationClick('//elsewhere.example/');
    expect(fakes.services.navigation.go).toHaveBeenCalledOnce();
  });
});
