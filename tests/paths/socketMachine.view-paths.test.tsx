import '../support/resizeObserver';
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  createActor,
  createEmptyActor,
  createMachine,
  type AnyActorRef,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';
import { SYSTEM_IDS } from '../../src/machines/systemIds';
import {
  CROWDED_RETRY_MS,
  PING_IDLE_MS,
  PONG_TIMEOUT_MS,
  RECONNECT_MS,
  RESTART_RECONNECT_MS,
  socketMachine,
} from '../../src/machines/socket/socketMachine';
import {
  HEARTBEAT,
  SERVER_RESTARTING,
  TOO_MANY_CONNECTIONS,
  type PageTopic,
} from '../../src/services/contracts';
import { createStorage } from '../../src/services/storage';
import { modelGraph, type ModelOptions, type Path } from '../support/coveringPaths';
import type { fakeSocketFactory } from '../support/fakeSocket';
import { line, operatorSession } from '../support/fixtures';
import { modelEvents } from '../support/modelEvents';
import { describeViewPaths, playPath, renderProduct, type ViewPathSuite } from '../support/viewPaths';
import { server } from '../ui/setup';

type SocketSnapshot = SnapshotFrom<typeof socketMachine>;
/** The app's actor system: where the socket actor is found by its systemId. */
type AnyActorSystem = AnyActorRef['system'];
type SocketModelEvent = Parameters<typeof socketMachine.transition>[1];

const WELCOME = `Welcome, ${operatorSession.metadata.username}`;
const PAGE_PATH = '/0A0B0C/1/0/pages/1';
const TOPIC: PageTopic = { kind: 'page', hexacode: '0A0B0C', department: 1, subDepartment: 0, page: 1 };
/** Time between two pieces of traffic: well inside every wait of SPEC §9, so a wait that did not restart shows. */
const TRAFFIC_GAP_MS = 10_000;

/** The model's subscribers: the device page the user opens, and a second reader of the same page (see below). */
const devicePage = createEmptyActor();
const secondReader = createEmptyActor();

const message = (data: unknown): Extract<SocketModelEvent, { type: 'socket.messageReceived' }> => ({
  type: 'socket.messageReceived',
  data: typeof data === 'string' ? data : JSON.stringify(data),
});
const DEVICE_IN_ALARM = message({
  type: 'DeviceStatus',
  payload: { hexacode: '0A0B0C', status: 'ON_ALARM' },
});
const PAGE_VALUES = message({
  type: 'LineValues',
  // The server may echo the hexacode in lower case (topics compare case-insensitively).
  payload: { hexacode: '0a0b0c', department: 1, subDepartment: 0, page: 1, lines: [pushedLine()] },
});
const SESSION_ID = message({ type: 'SessionId', payload: { id: 'session-1' } });
const ECHO = message(HEARTBEAT);
const { after } = modelEvents<typeof socketMachine>();
const PING_DUE = after('PING_IDLE', 'socket.live.connected.idle');
const ECHO_MISSED = after('PONG_TIMEOUT', 'socket.live.connected.pinging');
const RECONNECT_DUE = after('RECONNECT', 'socket.dropped');
const RESTART_RECONNECT_DUE = after('RESTART_RECONNECT', 'socket.restarting');
/** The server closed the connection as it goes down for a restart (a deploy). */
const SERVER_RESTARTED: SocketModelEvent = { type: 'socket.closed', code: SERVER_RESTARTING.code };
/** The server refused the connection: the session holds as many live sockets as one may (other tabs). */
const CROWDED: SocketModelEvent = { type: 'socket.closed', code: TOO_MANY_CONNECTIONS.code };
const CROWDED_RETRY_DUE = after('CROWDED_RETRY', 'socket.crowded');
const CROWDED_TEXT =
  'Live values are paused in this tab: too many tabs are open with this sign-in. Close some; this tab tries again in a minute.';

function pushedLine() {
  return { number: 1, status: 'OK' as const, value: '7.5', unit: '°C' };
}

const subscribed = (s: SocketSnapshot, reader: AnyActorRef) =>
  s.context.subscriptions.some((sub) => sub.subscribers.includes(reader));

const model: ModelOptions<typeof socketMachine> = {
  input: { token: operatorSession.token.id },
  events: [
    { type: 'socket.opened' },
    DEVICE_IN_ALARM,
    PAGE_VALUES,
    ECHO,
    SESSION_ID,
    { type: 'socket.closed' },
    SERVER_RESTARTED,
    CROWDED,
    { type: 'socket.subscribe', topic: TOPIC, subscriber: devicePage },
    { type: 'socket.subscribe', topic: TOPIC, subscriber: secondReader },
    { type: 'socket.unsubscribe', topic: TOPIC, subscriber: devicePage },
    { type: 'socket.unsubscribe', topic: TOPIC, subscriber: secondReader },
    { type: 'socket.disconnect' },
    PING_DUE,
    ECHO_MISSED,
    RECONNECT_DUE,
    RESTART_RECONNECT_DUE,
    CROWDED_RETRY_DUE,
  ],
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      page: subscribed(s, devicePage),
      reader: subscribed(s, secondReader),
      crowded: s.context.crowded,
    }),
  // A reader subscribes when it is not reading the page and leaves when it is; after sign-out nothing happens.
  filterEvents: (s, e) =>
    s.status !== 'done' &&
    (e.type !== 'socket.subscribe' || !subscribed(s, e.subscriber)) &&
    (e.type !== 'socket.unsubscribe' || subscribed(s, e.subscriber)),
};

/** What the test made the server, the clock and the user do, and what SPEC §9 says follows from it. */
interface SocketWorld {
  socket: ReturnType<typeof fakeSocketFactory>;
  system: AnyActorSystem;
  /** Connections the app must have opened so far (one per attempt). */
  connections: number;
  /** The server accepted the current connection. */
  open: boolean;
  /** What the app must have sent on the current connection: topic messages parsed, the heartbeat as text. */
  sent: unknown[];
  /** Fake-clock times: the last traffic (or the open), the heartbeat, the drop. */
  quietSince: number;
  pingedAt: number;
  droppedAt: number;
  awaitingEcho: boolean;
  onPage: boolean;
  reader: { ref: AnyActorRef; received: unknown[]; subscribed: boolean; expected: number };
  /** The server's truth: the device's status and line 1's value (pushed, and answered by the lines call). */
  deviceStatus: 'online' | 'online, in alarm';
  lineValue: string;
  signedOut: boolean;
  /** The server refused a connection as one too many, and none opened since. */
  crowded: boolean;
  /** The user was just told so (a notification): only the first refusal since an open says it. */
  toldCrowded: boolean;
}

const topicMessage = (type: 'Subscribe' | 'Unsubscribe') => ({ type, payload: TOPIC });
const readTopics = (world: SocketWorld) => world.onPage || world.reader.subscribed;
const lastConnection = (world: SocketWorld) => world.socket.last();
const parsedSent = (world: SocketWorld) =>
  lastConnection(world).sent.map((text) => (text === HEARTBEAT ? text : (JSON.parse(text) as unknown)));

/** A stand-in for a second view reading the same page: it records the values the socket pushes to it. */
function startReader() {
  const received: unknown[] = [];
  const ref = createActor(
    createMachine({ on: { '*': { actions: ({ event }) => received.push(event) } } }),
  ).start() as AnyActorRef;
  return { ref, received, subscribed: false, expected: 0 };
}

async function start(inspect: (event: InspectionEvent) => void): Promise<SocketWorld> {
  // SPEC §9's waits are time passing: the whole page runs on the fake clock.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  let system: AnyActorSystem | undefined;
  createStorage(window.localStorage).writeSession(operatorSession, operatorSession.token.id);
  const socket = renderProduct('/', {
    inspect: (event) => {
      system ??= (event.actorRef as AnyActorRef).system;
      inspect(event);
    },
  });
  const world: SocketWorld = {
    socket,
    system: undefined as unknown as AnyActorSystem,
    connections: 1,
    open: false,
    sent: [],
    quietSince: 0,
    pingedAt: 0,
    droppedAt: 0,
    awaitingEcho: false,
    onPage: false,
    reader: startReader(),
    deviceStatus: 'online',
    lineValue: '3.5',
    signedOut: false,
    crowded: false,
    toldCrowded: false,
  };
  server.use(
    http.post('*/api/v2/devices/pages/lines*', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ hexacode: '0A0B0C', department: 1 });
      return HttpResponse.json({ status: 'OK', lines: [line(1, world.lineValue), line(2, '-18.0')] });
    }),
  );
  await vi.waitFor(() => screen.getByRole('heading', { name: WELCOME }), { timeout: 5000 });
  await vi.waitFor(() => expect(socket.connections).toHaveLength(1));
  world.system = system!;
  return world;
}

/** Until `deadline` (fake clock) nothing is due: one millisecond before it, `unchanged` must still hold. */
async function waitUntil(deadline: number, unchanged: () => void) {
  await vi.advanceTimersByTimeAsync(Math.max(0, deadline - Date.now() - 1));
  unchanged();
  await vi.advanceTimersByTimeAsync(1);
}

const tree = () => screen.getByRole('tree', { name: 'Devices' });
const device = () => within(tree()).getByRole('treeitem', { name: /^0A0B0C, / });

/** The user opens the page from the sidebar tree, expanding the device and the department as needed. */
async function openPageFromTree() {
  await vi.waitFor(() => {
    const link = within(tree()).queryByRole('link', { name: '1 Overview' });
    if (link) return void fireEvent.click(link);
    const department = within(tree()).queryByRole('button', { name: 'Expand 1.0 Department 1' });
    if (department) fireEvent.click(department);
    else if (device().getAttribute('aria-expanded') === 'false')
      fireEvent.click(within(tree()).getByRole('button', { name: 'Expand 0A0B0C' }));
    throw new Error('the page link is not shown yet');
  });
  await vi.waitFor(() => expect(window.location.pathname).toBe(PAGE_PATH));
  await vi.waitFor(() => screen.getByRole('list', { name: 'Lines' }), { timeout: 5000 });
}

function subscribe(world: SocketWorld, reader: 'page' | 'second') {
  if (world.open && !readTopics(world)) world.sent.push(topicMessage('Subscribe'));
  if (reader === 'page') world.onPage = true;
  else world.reader.subscribed = true;
}

function unsubscribe(world: SocketWorld, reader: 'page' | 'second') {
  if (reader === 'page') world.onPage = false;
  else world.reader.subscribed = false;
  if (world.open && !readTopics(world)) world.sent.push(topicMessage('Unsubscribe'));
}

async function signOut(world: SocketWorld) {
  fireEvent.click(screen.getByRole('button', { name: /^Account menu/ }));
  const logout = await vi.waitFor(() => screen.getByRole('menuitem', { name: 'Logout' }));
  fireEvent.click(logout);
  await vi.waitFor(() => screen.getByRole('button', { name: 'Sign in' }), { timeout: 5000 });
  Object.assign(world, { signedOut: true, open: false, onPage: false });
  // Time passes after the sign-out: an explicit disconnect never reconnects.
  await vi.advanceTimersByTimeAsync(RECONNECT_MS * 2);
}

/** A message from the server, after a quiet spell shorter than any wait: traffic proves the connection alive. */
async function receive(world: SocketWorld, data: string) {
  await vi.advanceTimersByTimeAsync(TRAFFIC_GAP_MS);
  lastConnection(world).listeners.received(data);
  Object.assign(world, { quietSince: Date.now(), awaitingEcho: false });
  if (data === DEVICE_IN_ALARM.data) world.deviceStatus = 'online, in alarm';
  if (data === PAGE_VALUES.data) {
    world.lineValue = pushedLine().value;
    if (world.reader.subscribed) world.reader.expected++;
  }
}

async function play(event: SocketModelEvent, world: SocketWorld) {
  const type: string = event.type;
  const socketActor = () => world.system.get(SYSTEM_IDS.socket) as AnyActorRef;
  world.toldCrowded = false;
  switch (event.type) {
    case 'socket.opened':
      lastConnection(world).listeners.opened();
      // SPEC §9: every open subscribes again to what the user reads.
      Object.assign(world, {
        open: true,
        quietSince: Date.now(),
        sent: readTopics(world) ? [topicMessage('Subscribe')] : [],
        crowded: false,
      });
      return;
    case 'socket.closed': {
      lastConnection(world).listeners.closed(event.code);
      Object.assign(world, { open: false, droppedAt: Date.now(), awaitingEcho: false });
      const crowded = event.code === TOO_MANY_CONNECTIONS.code;
      Object.assign(world, { toldCrowded: crowded && !world.crowded, crowded });
      return;
    }
    case 'socket.messageReceived':
      return receive(world, event.data);
    case 'socket.subscribe':
      if (event.subscriber === devicePage) {
        await openPageFromTree();
        return subscribe(world, 'page');
      }
      subscribe(world, 'second');
      socketActor().send({ ...event, subscriber: world.reader.ref });
      return;
    case 'socket.unsubscribe':
      if (event.subscriber === devicePage) {
        // The sidebar has no home link: the user goes back to where they opened the page from.
        window.history.back();
        await vi.waitFor(() => screen.getByRole('heading', { name: WELCOME }));
        return unsubscribe(world, 'page');
      }
      unsubscribe(world, 'second');
      socketActor().send({ ...event, subscriber: world.reader.ref });
      return;
    case 'socket.disconnect':
      return signOut(world);
  }
  if (type === PING_DUE.type) {
    await waitUntil(world.quietSince + PING_IDLE_MS, () =>
      expect(parsedSent(world), 'nothing is sent before 30 s without traffic').toEqual(world.sent),
    );
    world.sent.push(HEARTBEAT);
    Object.assign(world, { awaitingEcho: true, pingedAt: Date.now() });
  } else if (type === ECHO_MISSED.type) {
    await waitUntil(world.pingedAt + PONG_TIMEOUT_MS, () =>
      expect(lastConnection(world).closed, 'the connection stays open while the echo may come').toBe(false),
    );
    Object.assign(world, { open: false, droppedAt: Date.now(), awaitingEcho: false });
  } else if (type === RECONNECT_DUE.type) {
    await waitUntil(world.droppedAt + RECONNECT_MS, () =>
      expect(world.socket.connections, 'no reconnection before 15 s').toHaveLength(world.connections),
    );
    Object.assign(world, { connections: world.connections + 1, sent: [] });
  } else if (type === CROWDED_RETRY_DUE.type) {
    await waitUntil(world.droppedAt + CROWDED_RETRY_MS, () =>
      expect(world.socket.connections, 'no new attempt before a minute').toHaveLength(world.connections),
    );
    Object.assign(world, { connections: world.connections + 1, sent: [] });
  } else if (type === RESTART_RECONNECT_DUE.type) {
    await waitUntil(world.droppedAt + RESTART_RECONNECT_MS, () =>
      expect(world.socket.connections, 'no reconnection before 1 s').toHaveLength(world.connections),
    );
    Object.assign(world, { connections: world.connections + 1, sent: [] });
  } else {
    throw new Error(`No way to play ${type}`);
  }
}

/** What the user sees in every state of the socket: the tree's statuses and the page's values, as the server said. */
function viewShown(world: SocketWorld) {
  expect(world.socket.connections, 'connections opened').toHaveLength(world.connections);
  expect(lastConnection(world).token).toBe(operatorSession.token.id);
  expect(parsedSent(world), 'what was sent on the current connection').toEqual(world.sent);
  expect(world.reader.received, 'values pushed to the second reader').toHaveLength(world.reader.expected);
  expect(device().getAttribute('aria-label')).toBe(`0A0B0C, ${world.deviceStatus}`);
  if (!world.onPage) {
    expect(screen.getByRole('heading', { name: WELCOME })).toBeTruthy();
    return;
  }
  expect(window.location.pathname).toBe(PAGE_PATH);
  const first = within(screen.getByRole('list', { name: 'Lines' })).getByRole('button', { name: 'Line 1' });
  expect(first.textContent, 'line 1 shows the server value').toContain(`${world.lineValue} °C`);
}

export const socketViewPaths: ViewPathSuite<typeof socketMachine, SocketWorld> = {
  model,
  start,
  play: (event, world) => play(event, world),
  stop: (world) => {
    world.reader.ref.stop();
    vi.useRealTimers();
  },
  settle: 5000,
  states: {
    'live.connecting': (_, world) => {
      expect(world.open, 'the server has not accepted the connection').toBe(false);
      expect(lastConnection(world).closed, 'the attempt is under way').toBe(false);
      viewShown(world);
    },
    'live.connected.idle': (_, world) => {
      expect(world.open, 'the server accepted the connection').toBe(true);
      expect(world.awaitingEcho, 'no heartbeat awaits its echo').toBe(false);
      expect(lastConnection(world).closed).toBe(false);
      viewShown(world);
    },
    'live.connected.pinging': (_, world) => {
      expect(world.open, 'the server accepted the connection').toBe(true);
      expect(world.awaitingEcho, 'a heartbeat awaits its echo').toBe(true);
      expect(parsedSent(world), 'the heartbeat was sent').toContain(HEARTBEAT);
      expect(lastConnection(world).closed).toBe(false);
      viewShown(world);
    },
    dropped: (_, world) => {
      expect(world.open, 'the connection was lost').toBe(false);
      // The app closed its side too; the screen keeps the last values until the reconnection.
      expect(lastConnection(world).closed, 'the lost connection is closed').toBe(true);
      viewShown(world);
    },
    restarting: (_, world) => {
      expect(world.open, 'the server closed the connection').toBe(false);
      expect(lastConnection(world).closed, 'the closed connection is let go').toBe(true);
      viewShown(world);
    },
    crowded: (_, world) => {
      expect(world.crowded, 'the server refused the connection as one too many').toBe(true);
      expect(lastConnection(world).closed, 'the refused connection is let go').toBe(true);
      const told = screen.queryAllByRole('status').some((toast) => toast.textContent?.includes(CROWDED_TEXT));
      expect(told, 'the user is told why, once').toBe(world.toldCrowded);
      viewShown(world);
    },
    stopped: (_, world) => {
      expect(world.signedOut, 'the user signed out').toBe(true);
      expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
      expect(lastConnection(world).closed, 'the connection is closed').toBe(true);
      expect(world.socket.connections, 'never reconnected').toHaveLength(world.connections);
    },
  },
};

describeViewPaths('socket, played with the server, the clock and the user', socketMachine, socketViewPaths);

/**
 * The path of the model through the given events, for scenarios the covering paths need not take. Where the
 * model takes no next event, the path stops there and `missing` says why: the product is played up to it first,
 * so a view that disagrees fails with what the user would see.
 */
function modelPath(events: SocketModelEvent[]) {
  const graph = modelGraph(socketMachine, model);
  const serialize = model.serializeState;
  let state = graph.initial.snapshot as SocketSnapshot;
  const steps = [{ event: { type: 'xstate.init' }, state }];
  let missing: string | null = null;
  for (const event of events) {
    const edge = graph.edges.find(
      (each) =>
        serialize(each.from.snapshot as SocketSnapshot) === serialize(state) &&
        JSON.stringify(each.event) === JSON.stringify(event),
    );
    if (!edge) {
      missing = `The model takes no ${event.type} in ${JSON.stringify(state.value)}`;
      break;
    }
    state = edge.to as SocketSnapshot;
    steps.push({ event: edge.event, state });
  }
  const path = { state, steps, weight: steps.length - 1 } as unknown as Path<typeof socketMachine>;
  return { path, missing };
}

async function playScenario(events: SocketModelEvent[]) {
  const { path, missing } = modelPath(events);
  await playPath(socketViewPaths, path);
  if (missing) throw new Error(missing);
}

// Covering paths walk each transition once; the heartbeat rules need traffic before a wait, and an echo.
describe('socket heartbeat, played with the server and the clock', () => {
  it('traffic of every kind restarts the idle wait; the echo ends the heartbeat; a missed echo reconnects', async () => {
    await playScenario([
      { type: 'socket.opened' },
      SESSION_ID,
      PING_DUE,
      ECHO,
      DEVICE_IN_ALARM,
      PING_DUE,
      PAGE_VALUES,
      PING_DUE,
      ECHO_MISSED,
      RECONNECT_DUE,
      { type: 'socket.opened' },
    ]);
  }, 30_000);

  it('an open device page is subscribed again after a reconnection and shows the values pushed to it', async () => {
    await playScenario([
      { type: 'socket.opened' },
      { type: 'socket.subscribe', topic: TOPIC, subscriber: devicePage },
      PAGE_VALUES,
      PING_DUE,
      { type: 'socket.closed' },
      RECONNECT_DUE,
      { type: 'socket.opened' },
      PING_DUE,
      ECHO,
      { type: 'socket.unsubscribe', topic: TOPIC, subscriber: devicePage },
      { type: 'socket.disconnect' },
    ]);
  }, 30_000);
});
