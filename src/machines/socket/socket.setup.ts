import * as v from 'valibot';
import { assign, enqueueActions, fromCallback, sendTo, setup, type AnyActorRef } from 'xstate';
import {
  HEARTBEAT,
  messagesOfFrame,
  SERVER_RESTARTING,
  ServerMessage,
  TOO_MANY_CONNECTIONS,
} from '#contracts';
import type { DeviceTreeEvent, TreeStatusEvent } from '../deviceTree/deviceTree.events';
import { notifying } from '../notifications/notify';
import { SYSTEM_IDS } from '../systemIds';
import { type Freshness, withFreshness } from './freshness';
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
  /** Topics subscribed again after a reconnection whose snapshot has not arrived yet (their values are not live). */
  unsynced: string[];
  /** What the server last said of each watched department's report time and staleness (freshness.ts). */
  freshness: Readonly<Record<string, Freshness>>;
  /** When the live connection was lost (Date.now()), while it is; null while it is live. */
  pausedSince: number | null;
}

type SubscriptionEvent = Extract<SocketEvent, { type: 'socket.subscribe' | 'socket.unsubscribe' }>;

/** The valid messages of one frame (`messagesOfFrame`): an invalid message is skipped, the others kept. */
function parseFrame(data: string): ServerMessage[] {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    // The heartbeat echo and anything else that is not JSON.
    return [];
  }
  return messagesOfFrame(json).flatMap((item) => {
    const parsed = v.safeParse(ServerMessage, item);
    return parsed.success ? [parsed.output] : [];
  });
}

const send = (text: string): ConnectionCommand => ({ type: 'connection.send', text });

/** The status facts the device tree follows, as tree events (LineValues and the rest are not the tree's). */
function treeEventOf(message: ServerMessage): TreeStatusEvent | null {
  switch (message.type) {
    case 'DeviceStatus':
      return { type: 'device.statusChanged', ...message.payload };
    case 'DepartmentStatus':
      return { type: 'department.statusChanged', ...message.payload };
    case 'MappingStatus':
      return { type: 'mapping.statusChanged', ...message.payload };
    case 'DeviceSilence':
      return {
        type: 'device.silenceChanged',
        hexacode: message.payload.hexacode,
        silent: message.payload.silent,
      };
    default:
      return null;
  }
}

/** Implementations of the socket machine (socketMachine.ts holds its statechart). */
export const socketSetup = setup({
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
    /** Every topic subscribed again after the reconnection has its snapshot. */
    resynced: ({ context }) => context.unsynced.length === 0,
  },
  actions: {
    addSubscriber: assign({
      subscriptions: ({ context }, params: SubscriptionEvent) =>
        addSubscriber(context.subscriptions, params.topic, params.subscriber),
    }),
    removeSubscriber: assign(({ context }, params: SubscriptionEvent) => {
      const subscriptions = removeSubscriber(context.subscriptions, params.topic, params.subscriber);
      // A topic nobody reads any more has nothing to resync.
      const held = new Set(subscriptions.map((s) => s.key));
      return { subscriptions, unsynced: context.unsynced.filter((key) => held.has(key)) };
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
    /** After a reconnection every subscribed topic waits for its snapshot before its values are live again. */
    awaitSnapshots: assign({ unsynced: ({ context }) => context.subscriptions.map((s) => s.key) }),
    /** Statuses changed while the connection was lost: the device tree reads them again. */
    resyncTree: enqueueActions(({ enqueue, system }) => {
      const tree = system.get(SYSTEM_IDS.deviceTree) as AnyActorRef | undefined;
      const reload: DeviceTreeEvent = { type: 'tree.reload' };
      if (tree) enqueue.sendTo(tree, reload);
    }),
    markPaused: assign({ pausedSince: ({ context }) => context.pausedSince ?? Date.now() }),
    markLive: assign({ pausedSince: null }),
    sendHeartbeat: sendTo('connection', send(HEARTBEAT)),
    markCrowded: assign({ crowded: true }),
    clearCrowded: assign({ crowded: false }),
    // Live values stop in this tab: the user should know why, and what frees a place.
    notifyCrowded: notifying('info', 'socket.tooManyConnections'),
    logDrop: (_, params: { reason: string }) => console.warn(`Real-time socket: ${params.reason}`),
    /**
     * Invalid messages are ignored; line values go to the topic's subscribers, their freshness is kept here;
     * statuses and silent devices go to the device tree. A frame of several messages is taken in one go: what it
     * says of freshness and resyncs is assigned once.
     */
    handleMessage: enqueueActions(({ context, enqueue, system }, params: { data: string }) => {
      let { freshness, unsynced } = context;
      for (const message of parseFrame(params.data)) {
        if (message.type === 'SessionId') {
          enqueue.assign({ sessionId: message.payload.id });
          continue;
        }
        if (message.type === 'Freshness') {
          freshness = withFreshness(freshness, message.payload.departments);
          continue;
        }
        if (message.type === 'LineValues') {
          const { lines, reportedAt, stale, ...address } = message.payload;
          const key = topicKey({ kind: 'page', ...address });
          const subscription = context.subscriptions.find((s) => s.key === key);
          if (!subscription || subscription.topic.kind !== 'page') continue;
          freshness = withFreshness(freshness, [{ ...address, reportedAt, stale }]);
          if (unsynced.includes(key)) unsynced = unsynced.filter((k) => k !== key);
          const pushed: PageValuesPushed = { type: 'page.valuesPushed', topic: subscription.topic, lines };
          for (const subscriber of subscription.subscribers) enqueue.sendTo(subscriber, pushed);
          continue;
        }
        const tree = system.get(SYSTEM_IDS.deviceTree) as AnyActorRef | undefined;
        const status = treeEventOf(message);
        if (tree && status) enqueue.sendTo(tree, status);
      }
      if (freshness !== context.freshness) enqueue.assign({ freshness });
      if (unsynced !== context.unsynced) enqueue.assign({ unsynced });
    }),
  },
});
