import { socketSetup } from './socket.setup';

export {
  PING_IDLE_MS,
  PONG_TIMEOUT_MS,
  RECONNECT_MS,
  RESTART_RECONNECT_MS,
  CROWDED_RETRY_MS,
  type SocketInput,
} from './socket.setup';

/**
 * The live connection (SPEC §4, §9): connects with the token, keeps it alive with a heartbeat, reconnects after a
 * drop, and says when live data is paused: from the drop until every subscribed page has its snapshot again
 * (types, guards and actions: socket.setup.ts).
 */
export const socketMachine = socketSetup.createMachine({
  id: 'socket',
  context: ({ input }) => ({
    token: input.token,
    subscriptions: [],
    sessionId: null,
    crowded: false,
    unsynced: [],
    freshness: {},
    pausedSince: null,
  }),
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
          description: 'The live connection is being opened (after signing in).',
          on: { 'socket.opened': { target: 'connected', actions: ['clearCrowded', 'resubscribeAll'] } },
        },
        reconnecting: {
          description:
            'The live connection is being opened again after a drop; live data stays paused meanwhile.',
          // What the user reads is subscribed again; its snapshots, and the tree's statuses, are read again.
          on: {
            'socket.opened': {
              target: 'connected',
              actions: ['clearCrowded', 'resubscribeAll', 'awaitSnapshots', 'resyncTree'],
            },
          },
        },
        connected: {
          description: 'Live values arrive; subscriptions follow what the user has open.',
          type: 'parallel',
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
          },
          states: {
            heartbeat: {
              description: 'The connection is checked for life when it is quiet.',
              initial: 'idle',
              // Any traffic proves the connection alive (the heartbeat echo included): the idle wait starts over.
              on: { 'socket.messageReceived': { target: '.idle' } },
              states: {
                idle: {
                  description:
                    'Traffic is flowing; after a quiet spell the app checks the connection is alive.',
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
            data: {
              description: 'Whether the values shown are live again after a drop.',
              on: {
                'socket.messageReceived': {
                  actions: { type: 'handleMessage', params: ({ event }) => ({ data: event.data }) },
                },
              },
              initial: 'resyncing',
              states: {
                resyncing: {
                  description:
                    'The pages read before a drop are subscribed again; live data stays paused until each has its snapshot.',
                  always: { guard: 'resynced', target: 'live' },
                },
                live: {
                  description: 'Every subscribed page shows live values.',
                  entry: 'markLive',
                },
              },
            },
          },
        },
      },
    },
    dropped: {
      description: 'The live connection was lost; live data is paused and the app reconnects shortly.',
      entry: 'markPaused',
      after: { RECONNECT: 'live.reconnecting' },
    },
    restarting: {
      description:
        'The server closed the connection because it is going down on purpose (a deploy): live data is paused and the app reconnects at once, to the instance that carries on.',
      entry: 'markPaused',
      after: { RESTART_RECONNECT: 'live.reconnecting' },
    },
    crowded: {
      description:
        'The server refused the connection: this sign-in already holds as many live connections as one may (other tabs). Live data is paused; the app says so once and tries again a minute later.',
      entry: 'markPaused',
      after: { CROWDED_RETRY: 'live.reconnecting' },
    },
    stopped: { description: 'The live connection was closed on purpose (sign-out).', type: 'final' },
  },
});
