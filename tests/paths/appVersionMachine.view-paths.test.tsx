import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { appVersionMachine, VERSION_POLL_MS } from '../../src/machines/appVersion/appVersionMachine';
import { createServiceWorker, type WorkerContainer } from '../../src/services/serviceWorker';
import { storeSession } from '../support/dom/renderApp';
import type { ModelOptions } from '../support/paths/coveringPaths';
import { operatorSession } from '../support/fixtures/fixtures';
import { modelEvents } from '../support/paths/modelEvents';
import { describeViewPaths, renderProduct } from '../support/paths/viewPaths';
import { server } from '../ui/setup';
import { answerHeld } from '../support/servers/heldRequests';

type AppVersionModelEvent = Parameters<typeof appVersionMachine.transition>[1];

const NEW_VERSION_TEXT = 'A new version of application is available';
const WELCOME = `Welcome, ${operatorSession.metadata.username}`;
/** A page of the fixture tree an alarm notification can lead to. */
const ALARM_PAGE = '/0A0B0C/1/0/pages/2';
const events = modelEvents<typeof appVersionMachine>();

const model: ModelOptions<typeof appVersionMachine> = {
  input: { loadedBuildId: 'test-build' },
  events: [
    { type: 'window.focused' },
    events.after('POLL_INTERVAL', 'appVersion.current'),
    events.done('fetchBuildId', 'test-build'),
    events.done('fetchBuildId', 'build-2'),
    events.failed('fetchBuildId'),
    { type: 'serviceWorker.updateInstalled' },
    { type: 'notification.clicked', route: ALARM_PAGE },
    { type: 'app.reload' },
  ],
  serializeState: (s) => JSON.stringify(s.value),
};

/** A service worker as the page sees it: its state, and the messages the page posted to it. */
class FakeWorker extends EventTarget {
  posted: unknown[] = [];
  constructor(
    public state: ServiceWorkerState,
    private readonly onMessage: (worker: FakeWorker, message: unknown) => void = () => {},
  ) {
    super();
  }
  postMessage(message: unknown) {
    this.posted.push(message);
    this.onMessage(this, message);
  }
}

/** What the test made the deployment, the browser and its service worker do, and what the page sent them. */
interface VersionWorld {
  /** The version.json request the server holds until the path answers it. */
  respond: ((response: Response) => void) | null;
  versionRequests: number;
  /** version.json answers the page has received. */
  answered: number;
  /** SPEC §8: the banner shows once a newer version is known (a new build id or a waiting worker). */
  newVersionKnown: boolean;
  path: string;
  reloads: number;
  expectedReloads: number;
  /** Waiting workers the page must have told to skip waiting. */
  toActivate: FakeWorker[];
  active: FakeWorker;
  registration: EventTarget & { installing: FakeWorker | null; waiting: FakeWorker | null; updates: number };
  container: EventTarget;
}

function fakeWorkerContainer(counts: { reloads: number }) {
  const container = Object.assign(new EventTarget(), {
    // An older worker controls the page: a newly installed one waits.
    controller: new FakeWorker('activated') as FakeWorker | null,
    startMessages: () => {},
  });
  const registration = Object.assign(new EventTarget(), {
    installing: null as FakeWorker | null,
    waiting: null as FakeWorker | null,
    active: container.controller,
    updates: 0,
    update: async () => void registration.updates++,
  });
  const fake = Object.assign(container, {
    register: async () => registration,
    ready: Promise.resolve(registration),
  });
  return {
    container: fake,
    registration,
    active: container.controller!,
    reload: () => void counts.reloads++,
  };
}

async function start(inspect: (event: InspectionEvent) => void): Promise<VersionWorld> {
  // The poll interval is time passing: the whole page runs on the fake clock.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const counts = { reloads: 0 };
  const fake = fakeWorkerContainer(counts);
  const world: VersionWorld = {
    respond: null,
    versionRequests: 0,
    answered: 0,
    newVersionKnown: false,
    path: '/',
    get reloads() {
      return counts.reloads;
    },
    expectedReloads: 0,
    toActivate: [],
    active: fake.active,
    registration: fake.registration,
    container: fake.container,
  };
  server.events.on('response:mocked', ({ request }) => {
    if (new URL(request.url).pathname === '/version.json') world.answered++;
  });
  server.use(
    http.get('*/version.json', () => {
      world.versionRequests++;
      return new Promise<Response>((resolve) => (world.respond = resolve));
    }),
  );
  storeSession(operatorSession);
  const worker = createServiceWorker(fake.container as unknown as WorkerContainer, fake.reload);
  renderProduct('/', { inspect, serviceWorker: worker });
  await vi.waitFor(() => screen.getByRole('heading', { name: WELCOME }));
  // The page registered its worker and told it the badge is seen.
  await vi.waitFor(() => expect(fake.active.posted).toContainEqual({ type: 'clear-badge' }));
  return world;
}

async function answerVersion(world: VersionWorld, response: Response) {
  await answerHeld(world, response, 'a version.json request');
  // Checking and current look the same: let the answer reach the page before the next state is asserted.
  await vi.waitFor(() => expect(world.answered).toBe(world.versionRequests));
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** The browser installs a new worker beside the active one: it waits for the page to reload into it. */
function installUpdate(world: VersionWorld) {
  // The browser activates a waiting worker told to skip waiting: it takes control of the page.
  const worker = new FakeWorker('installing', (self, message) => {
    if ((message as { type?: string }).type !== 'skip-waiting') return;
    world.registration.waiting = null;
    self.state = 'activated';
    world.container.dispatchEvent(new Event('controllerchange'));
  });
  world.registration.installing = worker;
  world.registration.dispatchEvent(new Event('updatefound'));
  worker.state = 'installed';
  world.registration.installing = null;
  world.registration.waiting = worker;
  worker.dispatchEvent(new Event('statechange'));
}

async function play(event: AppVersionModelEvent, world: VersionWorld) {
  // The model's events include the invoked actor's and the delay's, which the machine's event type leaves out.
  const type: string = event.type;
  switch (event.type) {
    case 'window.focused':
      window.dispatchEvent(new Event('focus'));
      return;
    case 'serviceWorker.updateInstalled':
      world.newVersionKnown = true;
      installUpdate(world);
      return;
    case 'notification.clicked':
      world.path = event.route;
      world.container.dispatchEvent(
        new MessageEvent('message', { data: { type: 'notification-click', route: event.route } }),
      );
      return;
    case 'app.reload': {
      const waiting = world.registration.waiting;
      // A plain click: user-event's pointer sequence never settles on vitest's fake clock.
      fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
      // SPEC: reload into the new version; a waiting worker is activated first, else the page just reloads.
      if (waiting) world.toActivate.push(waiting);
      world.expectedReloads++;
      return;
    }
  }
  if (type.startsWith('xstate.after.')) return void (await vi.advanceTimersByTimeAsync(VERSION_POLL_MS));
  if (type.startsWith('xstate.error.')) return answerVersion(world, new HttpResponse(null, { status: 503 }));
  const buildId = (event as { output?: string }).output ?? '';
  if (buildId !== 'test-build') world.newVersionKnown = true;
  return answerVersion(world, HttpResponse.json({ buildId }));
}

function noBanner(world: VersionWorld) {
  expect(world.newVersionKnown, 'a newer version is known').toBe(false);
  expect(screen.queryByText(NEW_VERSION_TEXT)).toBeNull();
  expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
}

describeViewPaths(
  'app version, played with deployments, the service worker and the clock',
  appVersionMachine,
  {
    model,
    start,
    play,
    stop: () => {
      vi.useRealTimers();
      server.events.removeAllListeners('response:mocked');
    },
    states: {
      current: (_, world) => {
        expect(window.location.pathname).toBe(world.path);
        noBanner(world);
        expect(world.respond, 'no version check waits').toBeNull();
      },
      checking: (_, world) => {
        expect(window.location.pathname).toBe(world.path);
        noBanner(world);
        // What was sent: one GET /version.json, waiting for the deployment's answer.
        expect(world.respond, 'a version check waits').not.toBeNull();
      },
      outdated: (_, world) => {
        expect(window.location.pathname).toBe(world.path);
        expect(world.newVersionKnown, 'a newer version is known').toBe(true);
        const status = screen
          .getAllByRole('status')
          .find((each) => each.textContent?.includes(NEW_VERSION_TEXT));
        expect(status, 'the new-version banner').toBeTruthy();
        expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Reload' }).disabled).toBe(false);
        // Reload activates the waiting worker (skip-waiting), and the page reloads once it controls it.
        expect(world.reloads).toBe(world.expectedReloads);
        for (const worker of world.toActivate) expect(worker.posted).toContainEqual({ type: 'skip-waiting' });
      },
    },
  },
);
