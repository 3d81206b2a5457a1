import type { SnapshotFrom } from 'xstate';
import type { connectivityMachine } from './connectivityMachine';

export const selectIsOffline = (s: SnapshotFrom<typeof connectivityMachine>): boolean => s.matches('offline');
