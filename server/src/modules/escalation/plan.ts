import { TZDate } from '@date-fns/tz';
import {
  DEFAULT_ALARM_PRIORITY,
  type AlarmPriority,
  type EscalationLevel,
  type EscalationPlan,
  type EscalationPolicy,
  type WorkingHours,
} from '#contracts';

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Whether `at` falls in the working hours, read in `timeZone`. Hours that end before they start run past
 * midnight (22:00–06:00), counted from the day they start.
 */
function inWorkingHours(hours: WorkingHours, timeZone: string, at: Date): boolean {
  const local = new TZDate(at, timeZone);
  const minute = local.getHours() * 60 + local.getMinutes();
  const isoDay = ((local.getDay() + 6) % 7) + 1;
  const from = minutesOf(hours.from);
  const to = minutesOf(hours.to);
  if (from <= to) return hours.days.includes(isoDay) && minute >= from && minute < to;
  const previousDay = ((isoDay + 5) % 7) + 1;
  return (hours.days.includes(isoDay) && minute >= from) || (hours.days.includes(previousDay) && minute < to);
}

/** The priority of an alarm code: the tenant's, else its ADF's, else high. */
export const priorityOf = (policy: EscalationPolicy, code: string, adfPriority: AlarmPriority | undefined) =>
  policy.codePriorities[code] ?? adfPriority ?? DEFAULT_ALARM_PRIORITY;

/** The plan of a priority: its own when the policy has one, else the policy's levels and repeat. */
export const planOf = (policy: EscalationPolicy, priority: AlarmPriority): EscalationPlan =>
  policy.priorities[priority] ?? { levels: policy.levels, repeatSeconds: policy.repeatSeconds };

/** Whether a level's band applies at `at` (without working hours every level applies). */
function bandApplies(level: EscalationLevel, policy: EscalationPolicy, at: Date): boolean {
  if (level.band === 'always' || !policy.workingHours) return true;
  return inWorkingHours(policy.workingHours, policy.timeZone, at) === (level.band === 'working');
}

/** A level to tell now: its index in the plan (0 the first) and its round (0 the first time, then each repeat). */
export interface DueStep {
  level: number;
  round: number;
}

/**
 * What an alarm raised at `raisedAt` and not acknowledged owes at `now`: every level whose delay passed and whose
 * band applies now, at its latest round (a round missed while no instance ran is not sent late, the next is).
 */
export function dueSteps(
  plan: EscalationPlan,
  policy: EscalationPolicy,
  raisedAt: Date,
  now: Date,
): DueStep[] {
  const elapsed = (now.getTime() - raisedAt.getTime()) / 1000;
  return plan.levels.flatMap((level, index) => {
    if (elapsed < level.afterSeconds || !bandApplies(level, policy, now)) return [];
    const round =
      plan.repeatSeconds > 0 ? Math.floor((elapsed - level.afterSeconds) / plan.repeatSeconds) : 0;
    return [{ level: index, round }];
  });
}

/**
 * The most recent weekly test time at or before `now` (in `timeZone`), or undefined without a test alarm. The
 * runner runs each one once; one more than a week back is never caught up.
 */
export function lastTestTime(policy: EscalationPolicy, now: Date): Date | undefined {
  if (!policy.testAlarm) return undefined;
  const local = new TZDate(now, policy.timeZone);
  const isoDay = ((local.getDay() + 6) % 7) + 1;
  const minutes = minutesOf(policy.testAlarm.time);
  let daysBack = (isoDay - policy.testAlarm.day + 7) % 7;
  if (daysBack === 0 && local.getHours() * 60 + local.getMinutes() < minutes) daysBack = 7;
  const due = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate() - daysBack,
    0,
    0,
    0,
    0,
    policy.timeZone,
  );
  due.setHours(Math.floor(minutes / 60), minutes % 60);
  return new Date(due.getTime());
}
