import { describe, expect, it } from 'vitest';
import { createActor, createMachine, SimulatedClock, type AnyActorLogic } from 'xstate';
import { provideSocket } from '../../src/machines/socket/provideSocket';
import type { socketMachine } from '../../src/machines/socket/socketMachine';
import {
  CROWDED_RETRY_MS,
  PING_IDLE_MS,
  PONG_TIMEOUT_MS,
  RECONNECT_MS,
  RESTART_RECONNECT_MS,
} from '../../src/machines/socket/socketMachine';
import {
  livenessOf,
  selectLiveness,
  selectLivePaused,
  selectOldestLiveness,
  selectPausedSince,
  selectSocketStatus,
} from '../../src/machines/socket/socket.selectors';
import { SYSTEM_IDS } from '../../src/machines/systemIds';
import { HEARTBEAT, SERVER_RESTARTING, TOO_MANY_CONNECTIONS, type PageTopic } from '#contracts';
import { socketUrl } from '../../src/services/socket';
import { fakeSocketFactory } from '../support/fakes/fakeSocket';

const topic: PageTopic = { kind: 'page', hexacode: '0A0B0C', department: 1, subDepartment: 0, page: 1 };

/**
 * The socket machine on a fake factory and a simulated clock, wired as provideApp wires it, with stand-ins for
 * the device tree and the notifications (their systemIds) that record what the socket tells them.
 */
function start() {
  const socket = fakeSocketFactory();
  const clock = new SimulatedClock();
  const tree: unknown[] = [];
  /** When the user was told the session holds too many sockets (a notification in the app). */
  const crowdedNotices: number[] = [];
  const logic = provideSocket(socket.factory);
  const recorder = (record: () => void) => createMachine({ on: { '*': { actions: record } } });
  const root = createActor(
    createMachine({
      invoke: [
        { src: 'tree', systemId: SYSTEM_IDS.deviceTree },
        { src: 'notifications', systemId: SYSTEM_IDS.notifications },
        { id: 'socket', src: 'socket', input: { token: 'token-1' } },
      ],
    }).provide({
      actors: {
        tree: createMachine({ on: { '*': { actions: ({ event }) => tree.push(event) } } }),
        notifications: recorder(() => void crowdedNotices.push(clock.now())),
        socket: logic as AnyActorLogic,
      },
    }),
    { clock },
  ).start();
  const actor = root.getSnapshot().children.socket as ReturnType<typeof createActor<typeof socketMachine>>;
  return { actor, clock, socket, tree, crowdedNotices };
}

const LINES = [{ number: 1, status: 'OK', value: '3.5', unit: '°C' }];
/** A LineValues message of the topic's page, with its department's report time and staleness. */
const lineValues = (reportedAt: number | null, stale = false, page = 1) =>
  JSON.stringify({
    type: 'LineValues',
    payload: { hexacode: '0a0b0c', department: 1, subDepartment: 0, page, lines: LINES, reportedAt, stale },
  });
const liveness = (actor: ReturnType<typeof start>['actor']) =>
  livenessOf(selectLiveness('0A0B0C', 1, 0)(actor.getSnapshot()));

/** A stand-in subscriber that records what it is sent. */
function subscriber() {
  const received: unknown[] = [];
  const ref = createActor(
    createMachine({ on: { '*': { actions: ({ event }) => received.push(event) } } }),
  ).start();
  return { ref, received };
}

describe('socket machine', () => {
  it('connects with the token at the client-connect path', () => {
    const { socket, actor } = start();
    expect(socket.last().token).toBe('token-1');
    expect(socketUrl({ protocol: 'https:', host: 'demo.example.com' }, 'a b')).toBe(
      'wss://demo.example.com/client-connect?Authorization=a%20b',
    );
    expect(selectSocketStatus(actor.getSnapshot())).toBe('connecting');
  });

  it('pings after 30 s of silence and stays open when the echo arrives', () => {
    const { socket, actor, clock } = start();
    socket.last().listeners.opened();
    clock.increment(PING_IDLE_MS - 1);
    expect(socket.last().sent).toEqual([]);
    clock.increment(1);
    expect(socket.last().sent).toEqual([HEARTBEAT]);
    socket.last().listeners.received(HEARTBEAT);
    clock.increment(PING_IDLE_MS - 1);
    expect(actor.getSnapshot().matches({ live: { connected: { heartbeat: 'idle' } } })).toBe(true);
    expect(socket.connections).toHaveLength(1);
  });

  it('closes and reconnects 15 s after a missing echo', () => {
    const { socket, actor, clock } = start();
    socket.last().listeners.opened();
    clock.increment(PING_IDLE_MS);
    clock.increment(PONG_TIMEOUT_MS - 1);
    expect(socket.last().closed).toBe(false);
    clock.increment(1);
    expect(socket.last().closed).toBe(true);
    expect(selectSocketStatus(actor.getSnapshot())).toBe('reconnecting');
    clock.increment(RECONNECT_MS);
    expect(socket.connections).toHaveLength(2);
  });

  it('reconnects 15 s after a drop and subscribes every topic again', () => {
    const { socket, actor, clock } = start();
    const page = subscriber();
    actor.send({ type: 'socket.subscribe', topic, subscriber: page.ref });
    socket.last().listeners.opened();
    expect(socket.last().sent).toEqual([JSON.stringify({ type: 'Subscribe', payload: topic })]);
    socket.last().listeners.closed();
    clock.increment(RECONNECT_MS - 1);
    expect(socket.connections).toHaveLength(1);
    clock.increment(1);
    socket.last().listeners.opened();
    expect(socket.last().sent).toEqual([JSON.stringify({ type: 'Subscribe', payload: topic })]);
  });

  it('reconnects after 1 s when the server closed the connection because it is restarting', () => {
    const { socket, actor, clock } = start();
    socket.last().listeners.opened();
    socket.last().listeners.closed(SERVER_RESTARTING.code);
    expect(selectSocketStatus(actor.getSnapshot())).toBe('reconnecting');
    clock.increment(RESTART_RECONNECT_MS - 1);
    expect(socket.connections).toHaveLength(1);
    clock.increment(1);
    expect(socket.connections).toHaveLength(2);
  });

  it('says once that the session holds too many sockets, then tries again a minute later, not every 15 s', () => {
    const { socket, actor, clock, crowdedNotices } = start();
    socket.last().listeners.closed(TOO_MANY_CONNECTIONS.code);
    expect(actor.getSnapshot().value).toBe('crowded');
    expect(selectSocketStatus(actor.getSnapshot())).toBe('reconnecting');
    expect(selectLivePaused(actor.getSnapshot()), 'no live data in this tab').toBe(true);
    expect(crowdedNotices).toHaveLength(1);
    clock.increment(RECONNECT_MS);
    expect(socket.connections).toHaveLength(1);
    clock.increment(CROWDED_RETRY_MS - RECONNECT_MS);
    expect(socket.connections).toHaveLength(2);
    // Refused again: still waiting, without telling the user again.
    socket.last().listeners.closed(TOO_MANY_CONNECTIONS.code);
    expect(actor.getSnapshot().value).toBe('crowded');
    expect(crowdedNotices).toHaveLength(1);
    clock.increment(CROWDED_RETRY_MS);
    socket.last().listeners.opened();
    expect(actor.getSnapshot().matches({ live: 'connected' })).toBe(true);
    // Once connected, a later refusal is news again.
    socket.last().listeners.closed();
    clock.increment(RECONNECT_MS);
    socket.last().listeners.closed(TOO_MANY_CONNECTIONS.code);
    expect(crowdedNotices).toHaveLength(2);
  });

  it('an explicit disconnect closes and never reconnects', () => {
    const { socket, actor, clock } = start();
    socket.last().listeners.opened();
    actor.send({ type: 'socket.disconnect' });
    expect(socket.last().closed).toBe(true);
    clock.increment(RECONNECT_MS * 10);
    expect(socket.connections).toHaveLength(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('pushes line values to the subscribers of their topic only, and unsubscribes the last one', () => {
    const { socket, actor } = start();
    const a = subscriber();
    const b = subscriber();
    socket.last().listeners.opened();
    actor.send({ type: 'socket.subscribe', topic, subscriber: a.ref });
    actor.send({ type: 'socket.subscribe', topic, subscriber: b.ref });
    expect(socket.last().sent).toHaveLength(1);
    const lines = [{ number: 1, status: 'OK', value: '3.5', unit: '°C' }];
    const payload = { hexacode: '0a0b0c', department: 1, subDepartment: 0, page: 1, lines };
    socket.last().listeners.received(JSON.stringify({ type: 'LineValues', payload }));
    socket
      .last()
      .listeners.received(JSON.stringify({ type: 'LineValues', payload: { ...payload, page: 2 } }));
    socket.last().listeners.received('{"type":"LineValues","payload":{}}');
    // Parsed by the contract: a line of numbers has no state.
    expect(a.received).toEqual([
      { type: 'page.valuesPushed', topic, lines: lines.map((line) => ({ ...line, state: null })) },
    ]);
    expect(b.received).toHaveLength(1);
    actor.send({ type: 'socket.unsubscribe', topic, subscriber: a.ref });
    actor.send({ type: 'socket.unsubscribe', topic, subscriber: b.ref });
    expect(socket.last().sent.slice(1)).toEqual([JSON.stringify({ type: 'Unsubscribe', payload: topic })]);
  });

  it('keeps the session id the server sends', () => {
    const { socket, actor } = start();
    socket.last().listeners.opened();
    socket.last().listeners.received(JSON.stringify({ type: 'SessionId', payload: { id: 's-1' } }));
    expect(actor.getSnapshot().context.sessionId).toBe('s-1');
  });

  it('says nothing is paused while it first connects after sign-in, and the snapshot is live at once', () => {
    const { socket, actor } = start();
    const page = subscriber();
    actor.send({ type: 'socket.subscribe', topic, subscriber: page.ref });
    expect(selectLivePaused(actor.getSnapshot())).toBe(false);
    socket.last().listeners.opened();
    expect(actor.getSnapshot().matches({ live: { connected: { data: 'live' } } })).toBe(true);
    expect(selectLivePaused(actor.getSnapshot())).toBe(false);
  });

  it('pauses live data from a drop until every page read again has its snapshot, and resyncs the tree', () => {
    const { socket, actor, clock, tree } = start();
    const page = subscriber();
    const other = { ...topic, page: 2 };
    actor.send({ type: 'socket.subscribe', topic, subscriber: page.ref });
    actor.send({ type: 'socket.subscribe', topic: other, subscriber: page.ref });
    socket.last().listeners.opened();
    socket.last().listeners.received(lineValues(1000));
    const before = Date.now();
    socket.last().listeners.closed();
    expect(actor.getSnapshot().matches('dropped')).toBe(true);
    expect(selectLivePaused(actor.getSnapshot())).toBe(true);
    expect(selectPausedSince(actor.getSnapshot())).toBeGreaterThanOrEqual(before);
    expect(liveness(actor), 'values keep their report time').toEqual({ kind: 'paused', reportedAt: 1000 });
    clock.increment(RECONNECT_MS);
    expect(actor.getSnapshot().matches({ live: 'reconnecting' })).toBe(true);
    expect(selectLivePaused(actor.getSnapshot())).toBe(true);
    expect(tree).toEqual([]);

    socket.last().listeners.opened();
    expect(tree, 'the tree reads its statuses again').toEqual([{ type: 'tree.reload' }]);
    expect(actor.getSnapshot().matches({ live: { connected: { data: 'resyncing' } } })).toBe(true);
    socket.last().listeners.received(lineValues(5000));
    expect(selectLivePaused(actor.getSnapshot()), 'page 2 has no snapshot yet').toBe(true);
    socket.last().listeners.received(lineValues(5000, false, 2));
    expect(actor.getSnapshot().matches({ live: { connected: { data: 'live' } } })).toBe(true);
    expect(selectLivePaused(actor.getSnapshot())).toBe(false);
    expect(selectPausedSince(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.pausedSince).toBeNull();
    expect(liveness(actor)).toEqual({ kind: 'live' });
  });

  it("takes a frame of several messages (a server's flush): each page's values, skipping an invalid one", () => {
    const { socket, actor, clock } = start();
    const page = subscriber();
    const other = { ...topic, page: 2 };
    actor.send({ type: 'socket.subscribe', topic, subscriber: page.ref });
    actor.send({ type: 'socket.subscribe', topic: other, subscriber: page.ref });
    socket.last().listeners.opened();
    socket.last().listeners.closed();
    clock.increment(RECONNECT_MS);
    socket.last().listeners.opened();
    expect(selectLivePaused(actor.getSnapshot())).toBe(true);

    const frame = [lineValues(5000), '{"type":"LineValues","payload":{}}', lineValues(6000, true, 2)];
    socket.last().listeners.received(`[${frame.join(',')}]`);
    expect(page.received.map((event) => (event as { topic: PageTopic }).topic.page)).toEqual([1, 2]);
    expect(selectLivePaused(actor.getSnapshot()), 'both pages resynced by the one frame').toBe(false);
    expect(liveness(actor), 'the last word on the department').toEqual({ kind: 'stale', reportedAt: 6000 });
  });

  it('is live again at once after a reconnection when no page is read, and after the last unsynced page is left', () => {
    const { socket, actor, clock } = start();
    socket.last().listeners.opened();
    socket.last().listeners.closed(SERVER_RESTARTING.code);
    expect(actor.getSnapshot().matches('restarting')).toBe(true);
    expect(selectLivePaused(actor.getSnapshot())).toBe(true);
    clock.increment(RESTART_RECONNECT_MS);
    expect(actor.getSnapshot().matches({ live: 'reconnecting' })).toBe(true);
    socket.last().listeners.opened();
    expect(selectLivePaused(actor.getSnapshot())).toBe(false);

    const page = subscriber();
    actor.send({ type: 'socket.subscribe', topic, subscriber: page.ref });
    socket.last().listeners.closed();
    clock.increment(RECONNECT_MS);
    socket.last().listeners.opened();
    expect(selectLivePaused(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'socket.unsubscribe', topic, subscriber: page.ref });
    expect(selectLivePaused(actor.getSnapshot()), 'nothing left to resync').toBe(false);
  });

  it('keeps what the server says of each department: report times and staleness, from values and Freshness', () => {
    const { socket, actor } = start();
    const page = subscriber();
    actor.send({ type: 'socket.subscribe', topic, subscriber: page.ref });
    socket.last().listeners.opened();
    expect(liveness(actor), 'nothing said yet').toEqual({ kind: 'live' });
    socket.last().listeners.received(lineValues(1000));
    expect(actor.getSnapshot().context.freshness).toEqual({
      '0A0B0C:1.0': { reportedAt: 1000, stale: false },
    });
    const stale = { hexacode: '0A0B0C', department: 1, subDepartment: 0, reportedAt: 1000, stale: true };
    socket
      .last()
      .listeners.received(JSON.stringify({ type: 'Freshness', payload: { departments: [stale] } }));
    expect(liveness(actor)).toEqual({ kind: 'stale', reportedAt: 1000 });
    const other = { hexacode: '0D0D0D', department: 2, subDepartment: 0, reportedAt: 900, stale: true };
    const addresses = [
      { hexacode: '0A0B0C', department: 1, subDepartment: 0 },
      { hexacode: '0d0d0d', department: 2, subDepartment: 0 },
    ];
    socket
      .last()
      .listeners.received(JSON.stringify({ type: 'Freshness', payload: { departments: [other] } }));
    expect(livenessOf(selectOldestLiveness(addresses)(actor.getSnapshot()))).toEqual({
      kind: 'stale',
      reportedAt: 900,
    });
    socket.last().listeners.received(lineValues(2000));
    expect(liveness(actor), 'a new report is current').toEqual({ kind: 'live' });
    const same = actor.getSnapshot().context.freshness;
    socket.last().listeners.received(lineValues(2000));
    expect(actor.getSnapshot().context.freshness, 'unchanged, the same record').toBe(same);
  });

  it('tells the device tree of statuses and of devices turning silent or reporting again', () => {
    const { socket, tree } = start();
    socket.last().listeners.opened();
    const silence = (silent: boolean) =>
      JSON.stringify({ type: 'DeviceSilence', payload: { hexacode: '0A0B0C', silent, reportedAt: 1000 } });
    socket.last().listeners.received(silence(true));
    socket.last().listeners.received(silence(false));
    socket
      .last()
      .listeners.received(
        JSON.stringify({ type: 'DeviceStatus', payload: { hexacode: '0A0B0C', status: 'OFF' } }),
      );
    expect(tree).toEqual([
      { type: 'device.silenceChanged', hexacode: '0A0B0C', silent: true },
      { type: 'device.silenceChanged', hexacode: '0A0B0C', silent: false },
      { type: 'device.statusChanged', hexacode: '0A0B0C', status: 'OFF' },
    ]);
  });
});
