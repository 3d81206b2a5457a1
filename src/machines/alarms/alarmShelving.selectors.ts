import type { SnapshotFrom } from 'xstate';
import type { alarmShelvingMachine } from './alarmShelvingMachine';
import { minutesValid, reasonGiven } from './alarmShelvingMachine';

type Snapshot = SnapshotFrom<typeof alarmShelvingMachine>;

export const selectShelveOpen = (s: Snapshot): boolean => !s.matches({ dialog: 'closed' });
export const selectShelveTarget = (s: Snapshot) => s.context.target;
export const selectShelveMinutes = (s: Snapshot): string => s.context.minutes;
export const selectShelveReason = (s: Snapshot): string => s.context.reason;
export const selectMinutesInvalid = (s: Snapshot): boolean => !minutesValid(s.context.minutes);
export const selectReasonMissing = (s: Snapshot): boolean => !reasonGiven(s.context.reason);
export const selectShelving = (s: Snapshot): boolean => s.matches({ dialog: 'sending' });
export const selectShelveError = (s: Snapshot) => s.context.error;
export const selectShelved = (s: Snapshot) => s.context.shelved;
/** The shelved list is being read again (what it shows may be about to change). */
export const selectShelvedLoading = (s: Snapshot): boolean => s.matches({ list: 'loading' });
/** Unshelve is taken only while the list stands still: not while it is read again, nor while one is on its way. */
export const selectMayUnshelve = (s: Snapshot): boolean => s.matches({ list: 'shown' });
