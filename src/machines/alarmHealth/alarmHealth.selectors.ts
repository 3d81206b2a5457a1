import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { FLOOD_THRESHOLD, TARGET_PER_HOUR, type AlarmHealth } from '#contracts';
import type { HealthRangeDays } from './alarmHealth.events';
import type { alarmHealthMachine } from './alarmHealthMachine';

type AlarmHealthSnapshot = SnapshotFrom<typeof alarmHealthMachine>;
export type AlarmHealthActor = ActorRefFrom<typeof alarmHealthMachine>;

export type AlarmHealthView = 'loading' | 'loadFailed' | 'shown';

export const selectView = (s: AlarmHealthSnapshot): AlarmHealthView =>
  s.matches('loading') ? 'loading' : s.matches('loadFailed') ? 'loadFailed' : 'shown';
export const selectDays = (s: AlarmHealthSnapshot): HealthRangeDays => s.context.days;

/** The figures the dialog lists, each a number (0 before the first answer). */
export type HealthFigure =
  | 'total'
  | 'averagePerHour'
  | 'peakPer10Minutes'
  | 'floods'
  | 'standing'
  | 'chattering'
  | 'shelved'
  | 'suppressed';

const countOf = (health: AlarmHealth, figure: HealthFigure): number => {
  const value = health[figure];
  return Array.isArray(value) ? value.length : value;
};
export const selectFigure =
  (figure: HealthFigure) =>
  (s: AlarmHealthSnapshot): number =>
    s.context.health ? countOf(s.context.health, figure) : 0;

/** Whether a figure misses its EEMUA 191 target: above 6 an hour, a peak that floods, any flood or standing. */
export const selectOverTarget =
  (figure: HealthFigure) =>
  (s: AlarmHealthSnapshot): boolean => {
    const value = selectFigure(figure)(s);
    if (figure === 'averagePerHour') return value > TARGET_PER_HOUR;
    if (figure === 'peakPer10Minutes') return value > FLOOD_THRESHOLD;
    return ['floods', 'standing', 'chattering'].includes(figure) && value > 0;
  };

/** The alarms raised most often, most first (the same array until the next answer). */
export const selectTopOffenders = (s: AlarmHealthSnapshot): AlarmHealth['topOffenders'] =>
  s.context.health?.topOffenders ?? NO_OFFENDERS;
const NO_OFFENDERS: AlarmHealth['topOffenders'] = [];

/** The alarms active for over 24 hours in the range, oldest raise first. */
export const selectStanding = (s: AlarmHealthSnapshot): AlarmHealth['standing'] =>
  s.context.health?.standing ?? NO_STANDING;
const NO_STANDING: AlarmHealth['standing'] = [];

/** The alarms raised 3 or more times within 10 minutes, the most raises first. */
export const selectChattering = (s: AlarmHealthSnapshot): AlarmHealth['chattering'] =>
  s.context.health?.chattering ?? NO_CHATTERING;
const NO_CHATTERING: AlarmHealth['chattering'] = [];
