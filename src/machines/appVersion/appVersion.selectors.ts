import type { SnapshotFrom } from 'xstate';
import type { appVersionMachine } from './appVersionMachine';

export const selectIsOutdated = (s: SnapshotFrom<typeof appVersionMachine>): boolean => s.matches('outdated');
