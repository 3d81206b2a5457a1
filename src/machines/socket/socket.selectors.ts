import type { SnapshotFrom } from 'xstate';
import type { socketMachine } from './socketMachine';

type SocketSnapshot = SnapshotFrom<typeof socketMachine>;

export type SocketStatus = 'connecting' | 'connected' | 'reconnecting' | 'stopped';

export const selectSocketStatus = (s: SocketSnapshot): SocketStatus =>
  s.matches({ live: 'connected' })
    ? 'connected'
    : s.matches({ live: 'connecting' })
      ? 'connecting'
      : s.matches('dropped') || s.matches('restarting') || s.matches('crowded')
        ? 'reconnecting'
        : 'stopped';
export const selectIsSocketConnected = (s: SocketSnapshot): boolean => s.matches({ live: 'connected' });
export const selectSubscribedTopicCount = (s: SocketSnapshot): number => s.context.subscriptions.length;
export const selectSessionId = (s: SocketSnapshot): string | null => s.context.sessionId;
