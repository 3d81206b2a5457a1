import { expect } from 'vitest';
import { createEmptyActor, type SnapshotFrom } from 'xstate';
import { socketMachine } from '../../src/machines/socket/socketMachine';
import { HEARTBEAT, type PageTopic } from '../../src/services/contracts';
import { describeMachinePaths, modelEvents, type ModelOptions } from '../support/machinePaths';

// Delayed events, as the machine names them.
const { after } = modelEvents<typeof socketMachine>();

const topic: PageTopic = { kind: 'page', hexacode: '0A0B0C', department: 1, subDepartment: 0, page: 1 };
const pageA = createEmptyActor();
const pageB = createEmptyActor();

const model: ModelOptions<typeof socketMachine> = {
  input: { token: 'token-1' },
  events: [
    { type: 'socket.opened' },
    { type: 'socket.messageReceived', data: HEARTBEAT },
    { type: 'socket.closed' },
    { type: 'socket.subscribe', topic, subscriber: pageA },
    { type: 'socket.subscribe', topic, subscriber: pageB },
    { type: 'socket.unsubscribe', topic, subscriber: pageA },
    { type: 'socket.unsubscribe', topic, subscriber: pageB },
    { type: 'socket.disconnect' },
    after('PING_IDLE', 'socket.live.connected.idle'),
    after('PONG_TIMEOUT', 'socket.live.connected.pinging'),
    after('RECONNECT', 'socket.dropped'),
  ],
  // After the explicit disconnect the actor is done and takes no more events.
  filterEvents: (s) => s.status !== 'done',
  serializeState: (s: SnapshotFrom<typeof socketMachine>) =>
    JSON.stringify({
      value: s.value,
      subscribers: s.context.subscriptions.flatMap((sub) => sub.subscribers.map((ref) => ref.id)),
    }),
};

describeMachinePaths('socket machine paths', socketMachine, {
  models: model,
  check: (actor, path) =>
    expect(actor.getSnapshot().context.subscriptions.length).toBe(path.state.context.subscriptions.length),
});
