import '../support/fakes/resizeObserver';
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
  type DeviceTreeItem,
  type PageTopic,
} from '#contracts';
import { storeSession } from '../support/dom/renderApp';
import { modelGraph, type ModelOptions, type Path } from '../support/paths/coveringPaths';
import type { fakeSocketFactory } from '../support/fakes/fakeSocket';
import { deviceTree, line, operatorSession } from '../support/fixtures/fixtures';
import { modelEvents } from '../support/paths/modelEvents';
import { describeViewPaths, playPath, renderProduct, type ViewPathSuite } from '../support/paths/viewPaths';
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
/** The clock of the whole page (fake): the device reported its page two minutes before the test began. */
const START = Date.UTC(2026, 10, 27, 12, 0, 0);
const REPORTED_AT = START - 2 * 60_000;
const DEPARTMENT = { hexacode: '0A0B0C', department: 1, subDepartment: 0 };
const DEVICE_IN_ALARM = message({
  type: 'DeviceStatus',
  payload: { hexacode: '0A0B0C', status: 'ON_ALARM' },
});
const PAGE_VALUES = message({
  type: 'LineValues',
  // The server may echo the hexacode in lower case (topics compare case-insensitively).
  payload: {
    hexacode: '0a0b0c',
    department: 1,
    subDepartment: 0,
    page: 1,
    lines: [pushedLine()],
    reportedAt: REPORTED_AT,
    stale: false,
  },
});
/** The server says the page's department has reported nothing for its stale period. */
const PAGE_STALE = message({
  type: 'Freshness',
  payload: { departments: [{ ...DEPARTMENT, reportedAt: REPORTED_AT, stale: true }] },
});
const SESSION_ID = message({ type: 'SessionId', payload: { id: 'session-1' } });
const ECHO = message(HEARTBEAT);
const { after } = modelEvents<typeof socketMachine>();
const PING_DUE = after('PING_IDLE', 'socket.live.connected.heartbeat.idle');
const ECHO_MISSED = after('PONG_TIMEOUT', 'socket.live.connected.heartbeat.pinging');
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
    PAGE_STALE,
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
      unsynced: s.context.unsynced.length,
      freshness: s.context.freshness['0A0B0C:1.0'] ?? null,
    }),
  // A reader subscribes when it is not reading the page and leaves when it is; after sign-out nothing happens;
  // the server speaks on an open connection only.
  filterEvents: (s, e) =>
    s.status !== 'done' &&
    (e.type !== 'socket.messageReceived' || s.matches({ live: 'connected' })) &&
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
  /** What the server said of the page's department: when it reported, and whether that is stale. */
  freshness: { reportedAt: number | null; stale: boolean };
  /** Live data is paused: from a drop until the page read again has its snapshot (fake-clock time of the drop). */
  pausedAt: number | null;
  /** After a reconnection, the page's snapshot is awaited. */
  awaitingSnapshot: boolean;
  /** Reads of the device tree: at sign-in, and again on every reconnection. */
  treeReads: number;
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
  vi.setSystemTime(START);
  storeSession(operatorSession);
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
    freshness: { reportedAt: null, stale: false },
    pausedAt: null,
    awaitingSnapshot: false,
    treeReads: 1,
  };
  treeReads = 0;
  server.use(
    // The tree as the server knows it: with the status it pushed, read again after a reconnection.
    http.get('*/api/v2/devices/', () => {
      treeReads++;
      const status = world.deviceStatus === 'online' ? 'ON' : 'ON_ALARM';
      return HttpResponse.json(
        deviceTree.map((item): DeviceTreeItem => (item.hexacode === '0A0B0C' ? { ...item, status } : item)),
      );
    }),
    http.post('*/api/v2/devices/pages/lines*', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ hexacode: '0A0B0C', department: 1 });
      return HttpResponse.json({ status: 'OK', lines: [line(1, world.lineValue), line(2, '-18.0')] });
    }),
  );
  await vi.waitFor(() => screen.getByRole('heading', { name: WELCOME }));
  await vi.waitFor(() => expect(socket.connections).toHaveLength(1));
  world.system = system!;
  return world;
}

/** Reads of the device tree the server answered (the world says how many there must be). */
let treeReads = 0;

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
  await vi.waitFor(() => screen.getByRole('list', { name: 'Lines' }));
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
  // A page nobody reads has no snapshot to wait for: on an open connection, live data is live again.
  if (!readTopics(world) && world.awaitingSnapshot) {
    world.awaitingSnapshot = false;
    if (world.open) world.pausedAt = null;
  }
}

/** The connection is lost: live data is paused from now (or from the drop before, while still paused). */
function pause(world: SocketWorld) {
  world.pausedAt ??= Date.now();
}

async function signOut(world: SocketWorld) {
  fireEvent.click(screen.getByRole('button', { name: /^Account menu/ }));
  const logout = await vi.waitFor(() => screen.getByRole('menuitem', { name: 'Logout' }));
  fireEvent.click(logout);
  await vi.waitFor(() => screen.getByRole('button', { name: 'Sign in' }));
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
    // The page's values with their report time; after a reconnection, the snapshot that makes data live again.
    if (readTopics(world)) {
      world.freshness = { reportedAt: REPORTED_AT, stale: false };
      if (world.awaitingSnapshot) Object.assign(world, { awaitingSnapshot: false, pausedAt: null });
    }
  }
  if (data === PAGE_STALE.data) world.freshness = { reportedAt: REPORTED_AT, stale: true };
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
      if (world.connections > 1) {
        // A reconnection: the tree's statuses are read again, and live data waits for the page's snapshot.
        world.treeReads++;
        world.awaitingSnapshot = readTopics(world);
        if (!world.awaitingSnapshot) world.pausedAt = null;
      }
      return;
    case 'socket.closed': {
      lastConnection(world).listeners.closed(event.code);
      Object.assign(world, { open: false, droppedAt: Date.now(), awaitingEcho: false });
      const crowded = event.code === TOO_MANY_CONNECTIONS.code;
      Object.assign(world, { toldCrowded: crowded && !world.crowded, crowded });
      return pause(world);
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
    pause(world);
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

const UNIT_MS = { sec: 1000, min: 60_000, hr: 3_600_000 } as const;

/**
 * `text` holds `prefix` and an age ("42 sec. ago", "3 min. ago") that is how long ago `since` was on the page's
 * clock: the age shown is whole units, and the page's clock ticks every second.
 */
function expectAge(text: string, prefix: string, since: number) {
  const shown = new RegExp(`${prefix}(\\d+) (sec|min|hr)\\. ago`).exec(text);
  expect(shown, `"${prefix}<age>" in "${text}"`).not.toBeNull();
  const unit = UNIT_MS[shown![2] as keyof typeof UNIT_MS];
  const age = Date.now() - since;
  expect(age, text).toBeGreaterThanOrEqual(Number(shown![1]) * unit);
  expect(age, text).toBeLessThan((Number(shown![1]) + 1) * unit + 1000);
}

/**
 * What the user sees in every state of the socket: the tree's statuses and the page's values, as the server said;
 * while live data is paused, the announcement, the statuses as of the drop and the values dimmed with their age;
 * a value the server calls stale, with its age.
 */
function viewShown(world: SocketWorld) {
  expect(world.socket.connections, 'connections opened').toHaveLength(world.connections);
  expect(lastConnection(world).token).toBe(operatorSession.token.id);
  expect(parsedSent(world), 'what was sent on the current connection').toEqual(world.sent);
  expect(world.reader.received, 'values pushed to the second reader').toHaveLength(world.reader.expected);
  expect(treeReads, 'device tree reads').toBe(world.treeReads);
  const paused = world.pausedAt !== null;
  const banner = screen.queryByText('Live data paused, reconnecting…');
  expect(banner?.getAttribute('role') ?? null, 'the paused announcement').toBe(paused ? 'status' : null);
  expect(device().getAttribute('aria-label')).toBe(
    `0A0B0C, ${world.deviceStatus}${paused ? ', not live' : ''}`,
  );
  const statusesAge = screen.queryByText(/^Statuses last updated /);
  if (paused) expectAge(statusesAge?.textContent ?? '', 'Statuses last updated ', world.pausedAt!);
  else expect(statusesAge, 'no age over live statuses').toBeNull();
  if (!world.onPage) {
    expect(screen.getByRole('heading', { name: WELCOME })).toBeTruthy();
    return;
  }
  expect(window.location.pathname).toBe(PAGE_PATH);
  const first = within(screen.getByRole('list', { name: 'Lines' })).getByRole('button', { name: 'Line 1' });
  const text = first.textContent ?? '';
  expect(text, 'line 1 shows the server value').toContain(`${world.lineValue} °C`);
  const { reportedAt, stale } = world.freshness;
  if (paused && reportedAt !== null) expectAge(text, 'not live, ', reportedAt);
  else if (paused) expect(text, 'not live, of unknown age').toContain('not live');
  else if (stale) expectAge(text, 'stale, ', reportedAt!);
  else expect(text, 'a live value has no age').not.toMatch(/not live|stale/);
}

export const socketViewPaths: ViewPathSuite<typeof socketMachine, SocketWorld> = {
  model,
  start,
  play,
  stop: (world) => {
    world.reader.ref.stop();
    vi.useRealTimers();
  },
  states: {
    'live.connecting': (_, world) => {
      expect(world.open, 'the server has not accepted the connection').toBe(false);
      expect(world.connections, 'the first attempt, after signing in').toBe(1);
      expect(lastConnection(world).closed, 'the attempt is under way').toBe(false);
      viewShown(world);
    },
    'live.reconnecting': (_, world) => {
      expect(world.open, 'the server has not accepted the connection yet').toBe(false);
      expect(world.connections, 'an attempt after a drop').toBeGreaterThan(1);
      expect(world.pausedAt, 'live data is paused').not.toBeNull();
      expect(lastConnection(world).closed, 'the attempt is under way').toBe(false);
      viewShown(world);
    },
    'live.connected.heartbeat.idle': (_, world) => {
      expect(world.open, 'the server accepted the connection').toBe(true);
      expect(world.awaitingEcho, 'no heartbeat awaits its echo').toBe(false);
      expect(lastConnection(world).closed).toBe(false);
      viewShown(world);
    },
    'live.connected.heartbeat.pinging': (_, world) => {
      expect(world.open, 'the server accepted the connection').toBe(true);
      expect(world.awaitingEcho, 'a heartbeat awaits its echo').toBe(true);
      expect(parsedSent(world), 'the heartbeat was sent').toContain(HEARTBEAT);
      expect(lastConnection(world).closed).toBe(false);
      viewShown(world);
    },
    'live.connected.data.resyncing': (_, world) => {
      expect(world.awaitingSnapshot, 'the page read again has no snapshot yet').toBe(true);
      expect(world.pausedAt, 'live data stays paused').not.toBeNull();
      viewShown(world);
    },
    'live.connected.data.live': (_, world) => {
      expect(world.awaitingSnapshot, 'no snapshot is awaited').toBe(false);
      expect(world.pausedAt, 'live data is live').toBeNull();
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

// Covering paths walk each transition once; the heartbeat rules need traffic before a wait, and an echo; what a
// page shows of its values' age needs its values first.
describe('socket heartbeat and live data, played with the server and the clock', () => {
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

  it('a drop pauses live data at once: announced, values dimmed with their age, statuses with the time of the drop; the snapshot after reconnecting makes it live', async () => {
    await playScenario([
      { type: 'socket.opened' },
      { type: 'socket.subscribe', topic: TOPIC, subscriber: devicePage },
      PAGE_VALUES,
      { type: 'socket.closed' },
      RECONNECT_DUE,
      { type: 'socket.closed' },
      RECONNECT_DUE,
      { type: 'socket.opened' },
      PING_DUE,
      PAGE_VALUES,
      SERVER_RESTARTED,
      RESTART_RECONNECT_DUE,
      { type: 'socket.opened' },
      PAGE_VALUES,
    ]);
  }, 30_000);

  it('a value the server calls stale shows its age, and is live again with the next report', async () => {
    await playScenario([
      { type: 'socket.opened' },
      { type: 'socket.subscribe', topic: TOPIC, subscriber: devicePage },
      PAGE_VALUES,
      PAGE_STALE,
      PING_DUE,
      ECHO,
      PAGE_VALUES,
      PAGE_STALE,
      { type: 'socket.closed' },
    ]);
  }, 30_000);
});
