import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { AlarmMarks } from '#contracts';
import type { alarmMarksMachine } from './alarmMarksMachine';

type AlarmMarksSnapshot = SnapshotFrom<typeof alarmMarksMachine>;
export type AlarmMarksActor = ActorRefFrom<typeof alarmMarksMachine>;

export type AlarmMarksStatus = 'hidden' | 'loading' | 'shown' | 'failed';

export const selectMarksStatus = (s: AlarmMarksSnapshot): AlarmMarksStatus =>
  (['loading', 'shown', 'failed'] as const).find((state) => s.matches({ showing: state })) ?? 'hidden';
/** The marks drawn (the same object until the next answer); null while none are. */
export const selectMarks = (s: AlarmMarksSnapshot): AlarmMarks | null =>
  s.matches({ showing: 'shown' }) ? s.context.marks : null;
