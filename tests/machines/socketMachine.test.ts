import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, SimulatedClock } from 'xstate';
import type { ConnectionCommand } from '../../src/machines/socket/socket.events';
import {
  PING_IDLE_MS,
  PONG_TIMEOUT_MS,
  RECONNECT_MS,
  RESTART_RECONNECT_MS,
  socketMachine,
  type SocketInput,
} from '../../src/machines/socket/socketMachine';
import { selectSocketStatus } from '../../src/machines/socket/socket.selectors';
import { HEARTBEAT, SERVER_RESTARTING, type PageTopic } from '../../src/services/contracts';
import { socketUrl } from '../../src/services/socket';
import { fakeSocketFactory } from '../support/fakeSocket';

const topic: PageTopic = { kind: 'page', hexacode: '0A0B0C', department: 1, subDepartment: 0, page: 1 };

/** The socket machine on a fake factory and a simulated clock, wired as provideApp wires it. */
function start() {
  const socket = fakeSocketFactory();
  const clock = new SimulatedClock();
  const logic = socketMachine.provide({
    actors: {
      connection: fromCallback<ConnectionCommand, SocketInput>(({ input, sendBack, receive }) => {
        const connection = socket.factory(input.token, {
          opened: () => sendBack({ type: 'socket.opened' }),
          received: (data) => sendBack({ type: 'socket.messageReceived', data }),
          closed: (code) => sendBack({ type: 'socket.closed', code }),
        });
        receive((command) => connection.send(command.text));
        return () => connection.close();
      }),
    },
  });
  const actor = createActor(logic, { clock, input: { token: 'token-1' } }).start();
  return { actor, clock, socket };
}

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
    expect(actor.getSnapshot().matches({ live: { connected: 'idle' } })).toBe(true);
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
});
