import { isNotificationClickMessage, type ToWorkerMessage } from '../serviceWorker/messages';

/**
 * The page's side of the service worker (src/serviceWorker/sw.ts), handed to the app-version machine: it
 * registers the worker, says when a new version is installed and waits, activates it on request, clears the badge
 * on start and passes on notification clicks.
 */
export interface AppServiceWorker {
  /** Registers the worker (once) and sends clear-badge; `onUpdateWaiting` runs when a new version waits. */
  start(listeners: { onUpdateWaiting(): void; onNotificationClick(route: string): void }): () => void;
  /** Reloads into the new version: the waiting worker (found now if needed) activates, then the page reloads. */
  activateUpdate(): Promise<void>;
}

/** The parts of navigator.serviceWorker used here, so tests pass a fake. */
export type WorkerContainer = Pick<
  ServiceWorkerContainer,
  'register' | 'controller' | 'ready' | 'addEventListener' | 'removeEventListener' | 'startMessages'
>;

/** How long a reload waits for a just-deployed worker to install before reloading without it. */
const UPDATE_INSTALL_TIMEOUT_MS = 10_000;

const post = (worker: ServiceWorker | null | undefined, message: ToWorkerMessage) =>
  worker?.postMessage(message);

function whenInstalled(worker: ServiceWorker, timeoutMs: number): Promise<ServiceWorker | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    const check = () => {
      if (worker.state === 'installed') resolve(worker);
      else if (worker.state === 'redundant') resolve(null);
      else return;
      clearTimeout(timer);
      worker.removeEventListener('statechange', check);
    };
    worker.addEventListener('statechange', check);
    check();
  });
}

export function createServiceWorker(
  container: WorkerContainer,
  reload: () => void,
  scriptUrl = '/sw.js',
): AppServiceWorker {
  let registration: Promise<ServiceWorkerRegistration | null> | null = null;
  const register = () =>
    (registration ??= container
      .register(scriptUrl, { scope: '/', type: 'classic' })
      .catch((error: unknown) => {
        // The app works without its worker (no offline shell, no push): say why and go on.
        console.warn('The service worker could not be registered', error);
        return null;
      }));

  return {
    start({ onUpdateWaiting, onNotificationClick }) {
      let stopped = false;
      // Only an update waits: the first worker of a page with no controller activates at once.
      const reportIfUpdate = (worker: ServiceWorker | null) => {
        if (!stopped && worker && container.controller) onUpdateWaiting();
      };
      const watch = (worker: ServiceWorker | null) =>
        worker?.addEventListener('statechange', () => worker.state === 'installed' && reportIfUpdate(worker));
      const onMessage = (event: MessageEvent) => {
        if (!stopped && isNotificationClickMessage(event.data)) onNotificationClick(event.data.route);
      };
      container.addEventListener('message', onMessage);
      container.startMessages();
      void register().then((found) => {
        if (!found) return;
        reportIfUpdate(found.waiting);
        watch(found.installing);
        found.addEventListener('updatefound', () => watch(found.installing));
      });
      // The app started: the badge and the alarm notifications it counted have been seen.
      void container.ready.then((ready) => post(ready.active, { type: 'clear-badge' }));
      return () => {
        stopped = true;
        container.removeEventListener('message', onMessage);
      };
    },

    async activateUpdate() {
      const found = await register();
      if (!found) return reload();
      let waiting = found.waiting;
      if (!waiting) {
        // version.json saw the new build before the browser checked sw.js: fetch it now.
        await found.update().catch(() => undefined);
        waiting =
          found.waiting ??
          (found.installing && (await whenInstalled(found.installing, UPDATE_INSTALL_TIMEOUT_MS)));
      }
      if (!waiting) return reload();
      container.addEventListener('controllerchange', () => reload(), { once: true });
      post(waiting, { type: 'skip-waiting' });
    },
  };
}

/** Where there is no worker (tests, `npm run dev:spa`, old browsers): reloading is all an update needs. */
export function noServiceWorker(reload: () => void): AppServiceWorker {
  return { start: () => () => {}, activateUpdate: async () => reload() };
}
