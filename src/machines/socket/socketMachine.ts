import * as v from 'valibot';
import { assign, enqueueActions, fromCallback, sendTo, setup } from 'xstate';
import { HEARTBEAT, SERVER_RESTARTING, ServerMessage, TOO_MANY_CONNECTIONS } from '../../services/contracts';
import { notificationOf, notifications } from '../notifications/notify';
import type { TreeStatusEvent } from '../deviceTree/deviceTree.events';
import { SYSTEM_IDS } from '../systemIds';
import type { ConnectionCommand, PageValuesPushed, SocketEvent } from './socket.events';
import { addSubscriber, clientMessage, removeSubscriber, topicKey, type Subscription } from './topics';

/** SPEC §9: ping after 30 s without traffic, give the echo 30 s, reconnect 15 s after a drop. */
export const PING_IDLE_MS = 30_000;
export const PONG_TIMEOUT_MS = 30_000;
export const RECONNECT_MS = 15_000;
/** After a server said it is restarting: a moment for the proxy to send new connections elsewhere. */
export const RESTART_RECONNECT_MS = 1_000;
/**
 * After the server refused the socket because the session holds as many as it may (other tabs): long enough not to
 * knock every 15 s, short enough to take a place freed by a tab closed meanwhile.
 */
export const CROWDED_RETRY_MS = 60_000;

export interface SocketInput {
  token: string;
}

export interface SocketContext {
  token: string;
  /** Topics with their subscribers; kept across reconnects and subscribed again on every open. */
  subscriptions: Subscription[];
  sessionId: string | null;
  /** The server refused the last connection as one too many for the session (said once, until one opens). */
  crowded: boolean;
}

type SubscriptionEvent = Extract<SocketEvent, { type: 'socket.subscribe' | 'socket.unsubscribe' }>;

function parseMessage(data: string): ServerMessage | null {
  try {
    const parsed = v.safeParse(ServerMessage, JSON.parse(data));
    return parsed.success ? parsed.output : null;
  } catch {
    // The heartbeat echo and anything else that is not JSON.
    return null;
  }
}

const send = (text: string): ConnectionCommand => ({ type: 'connection.send', text });

export const socketMachine = setup({
  types: {
    context: {} as SocketContext,
    events: {} as SocketEvent,
    input: {} as SocketInput,
  },
  delays: {
    PING_IDLE: PING_IDLE_MS,
    PONG_TIMEOUT: PONG_TIMEOUT_MS,
    RECONNECT: RECONNECT_MS,
    RESTART_RECONNECT: RESTART_RECONNECT_MS,
    CROWDED_RETRY: CROWDED_RETRY_MS,
  },
  actors: {
    /** One connection attempt (provided: the socket factory); reports socket.opened/messageReceived/closed. */
    connection: fromCallback<ConnectionCommand, SocketInput>(() => () => {}),
  },
  guards: {
    serverRestarting: (_, params: { code?: number }) => params.code === SERVER_RESTARTING.code,
    /** Refused as one socket too many for the session, for the first time since one last opened. */
    crowdedOut: ({ context }, params: { code?: number }) =>
      params.code === TOO_MANY_CONNECTIONS.code && !context.crowded,
    /** Refused again on a retry: the user was told already. */
    stillCrowded: ({ context }, params: { code?: number }) =>
      params.code === TOO_MANY_CONNECTIONS.code && context.crowded,
    isNewTopic: ({ context }, params: SubscriptionEvent) =>
      !context.subscriptions.some((s) => s.key === topicKey(params.topic)),
    isLastSubscriber: ({ context }, params: SubscriptionEvent) => {
      const found = context.subscriptions.find((s) => s.key === topicKey(params.topic));
      return found?.subscribers.length === 1 && found.subscribers[0] === params.subscriber;
    },
  },
  actions: {
    addSubscriber: assign({
      subscriptions: ({ context }, params: SubscriptionEvent) =>
        addSubscriber(context.subscriptions, params.topic, params.subscriber),
    }),
    removeSubscriber: assign({
      subscriptions: ({ context }, params: SubscriptionEvent) =>
        removeSubscriber(context.subscriptions, params.topic, params.subscriber),
    }),
    sendSubscribe: sendTo('connection', (_, params: SubscriptionEvent) =>
      send(clientMessage('Subscribe', params.topic)),
    ),
    sendUnsubscribe: sendTo('connection', (_, params: SubscriptionEvent) =>
      send(clientMessage('Unsubscribe', params.topic)),
    ),
    resubscribeAll: enqueueActions(({ context, enqueue }) => {
      for (const { topic } of context.subscriptions)
        enqueue.sendTo('connection', send(clientMessage('Subscribe', topic)));
    }),
    sendHeartbeat: sendTo('connection', send(HEARTBEAT)),
    markCrowded: assign({ crowded: true }),
    clearCrowded: assign({ crowded: false }),
    // Live values stop in this tab: the user should know why, and what frees a place.
    notifyCrowded: sendTo(notifications, (_: unknown) =>
      notificationOf(undefined, { kind: 'info', id: 'socket.tooManyConnections' }),
    ),
    logDrop: (_, params: { reason: string }) => console.warn(`Real-time socket: ${params.reason}`),
    /** Invalid messages are ignored; statuses go to the device tree, line values to the topic's subscribers. */
    handleMessage: enqueueActions(({ context, enqueue, system }, params: { data: string }) => {
      const message = parseMessage(params.data);
      if (!message) return;
      if (message.type === 'SessionId') {
        enqueue.assign({ sessionId: message.payload.id });
        return;
      }
      if (message.type === 'LineValues') {
        const { lines, ...address } = message.payload;
        const subscription = context.subscriptions.find(
          (s) => s.key === topicKey({ kind: 'page', ...address }),
        );
        if (!subscription || subscription.topic.kind !== 'page') return;
        const pushed: PageValuesPushed = { type: 'page.valuesPushed', topic: subscription.topic, lines };
        for (const subscriber of subscription.subscribers) enqueue.sendTo(subscriber, pushed);
        return;
      }
      const tree = system.get(SYSTEM_IDS.deviceTree);
      if (!tree) return;
      const status: TreeStatusEvent =
        message.type === 'DeviceStatus'
          ? { type: 'device.statusChanged', ...message.payload }
          : message.type === 'DepartmentStatus'
            ? { type: 'department.statusChanged', ...message.payload }
            : { type: 'mapping.statusChanged', ...message.payload };
      enqueue.sendTo(tree, status);
    }),
  },
}).createMachine({
  id: 'socket',
  context: ({ input }) => ({ token: input.token, subscriptions: [], sessionId: null, crowded: false }),
  on: {
    // While not connected only the bookkeeping changes; the next open subscribes to everything.
    'socket.subscribe': { actions: { type: 'addSubscriber', params: ({ event }) => event } },
    'socket.unsubscribe': { actions: { type: 'removeSubscriber', params: ({ event }) => event } },
    'socket.disconnect': '.stopped',
  },
  initial: 'live',
  states: {
    live: {
      description: 'The app keeps a live connection to the server for device values and status changes.',
      invoke: { id: 'connection', src: 'connection', input: ({ context }) => ({ token: context.token }) },
      on: {
        'socket.closed': [
          {
            guard: { type: 'serverRestarting', params: ({ event }) => event },
            target: 'restarting',
            actions: { type: 'logDrop', params: { reason: 'server restarting' } },
          },
          {
            guard: { type: 'crowdedOut', params: ({ event }) => event },
            target: 'crowded',
            actions: [
              'markCrowded',
              'notifyCrowded',
              { type: 'logDrop', params: { reason: 'too many live sockets for this session' } },
            ],
          },
          {
            guard: { type: 'stillCrowded', params: ({ event }) => event },
            target: 'crowded',
          },
          {
            target: 'dropped',
            actions: { type: 'logDrop', params: { reason: 'connection closed' } },
          },
        ],
      },
      initial: 'connecting',
      states: {
        connecting: {
          description: 'The live connection is being opened.',
          on: { 'socket.opened': { target: 'connected', actions: ['clearCrowded', 'resubscribeAll'] } },
        },
        connected: {
          description: 'Live values arrive; subscriptions follow what the user has open.',
          on: {
            'socket.subscribe': [
              {
                guard: { type: 'isNewTopic', params: ({ event }) => event },
                actions: [
                  { type: 'addSubscriber', params: ({ event }) => event },
                  { type: 'sendSubscribe', params: ({ event }) => event },
                ],
              },
              { actions: { type: 'addSubscriber', params: ({ event }) => event } },
            ],
            'socket.unsubscribe': [
              {
                guard: { type: 'isLastSubscriber', params: ({ event }) => event },
                actions: [
                  { type: 'removeSubscriber', params: ({ event }) => event },
                  { type: 'sendUnsubscribe', params: ({ event }) => event },
                ],
              },
              { actions: { type: 'removeSubscriber', params: ({ event }) => event } },
            ],
            // Any traffic proves the connection alive (the heartbeat echo included): the idle wait starts over.
            'socket.messageReceived': {
              target: '.idle',
              actions: { type: 'handleMessage', params: ({ event }) => ({ data: event.data }) },
            },
          },
          initial: 'idle',
          states: {
            idle: {
              description: 'Traffic is flowing; after a quiet spell the app checks the connection is alive.',
              after: { PING_IDLE: 'pinging' },
            },
            pinging: {
              description:
                'The connection was quiet: a heartbeat was sent and its echo is awaited, else the connection is dropped.',
              entry: 'sendHeartbeat',
              // Leaving `live` stops the connection actor, which closes the WebSocket.
              after: {
                PONG_TIMEOUT: {
                  target: '#socket.dropped',
                  actions: { type: 'logDrop', params: { reason: 'no heartbeat echo' } },
                },
              },
            },
          },
        },
      },
    },
    dropped: {
      description: 'The live connection was lost; the app reconnects shortly.',
      after: { RECONNECT: 'live' },
    },
    restarting: {
      description:
        'The server closed the connection because it is going down on purpose (a deploy): the app reconnects at once, to the instance that carries on.',
      after: { RESTART_RECONNECT: 'live' },
    },
    crowded: {
      description:
        'The server refused the connection: this sign-in already holds as many live connections as one may (other tabs). The app says so once and tries again a minute later.',
      after: { CROWDED_RETRY: 'live' },
    },
    stopped: { description: 'The live connection was closed on purpose (sign-out).', type: 'final' },
  },
});
