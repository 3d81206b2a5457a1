import * as v from 'valibot';
import {
  ALARM_PRIORITIES,
  AlarmDelays,
  EscalationPolicy,
  levelsToldEarly,
  type AlarmPriority,
} from '#contracts';
import type { MessageId } from '../../i18n/messages';
import {
  PLAN_NAMES,
  planDraftOf,
  planInputOf,
  planOf,
  planPrefix,
  toSeconds,
  type PlanDraft,
  type PlansDraft,
} from './escalationPlan';

/** A row of a per-code list: the priority ('critical' …) or the delay in seconds, as typed. */
export interface CodeRow {
  code: string;
  value: string;
}
export type CodeList = 'codePriorities' | 'delays';

/** The policy's own fields besides its levels and code lists. */
export interface PolicyFields {
  timeZone: string;
  workingHoursOn: boolean;
  days: number[];
  from: string;
  to: string;
  testAlarmOn: boolean;
  testDay: number;
  testTime: string;
  /** The longest shelving in minutes, as typed. */
  maxShelve: string;
}

export interface EscalationDraft extends PolicyFields, PlansDraft {
  codePriorities: CodeRow[];
  delays: CodeRow[];
}

/** Errors by the dot path of their field ("levels.1.emails", "delays.0.delaySeconds", "timeZone"). */
export type FieldErrors = Record<string, MessageId>;

export const newRow = (list: CodeList): CodeRow => ({ code: '', value: list === 'delays' ? '60' : 'high' });

export function draftOf(policy: EscalationPolicy, delays: AlarmDelays): EscalationDraft {
  const priorities = Object.entries(policy.priorities).flatMap(([name, plan]) =>
    plan ? [[name, planDraftOf(plan)] as const] : [],
  );
  return {
    ...planDraftOf(policy),
    priorities: Object.fromEntries(priorities),
    timeZone: policy.timeZone,
    workingHoursOn: policy.workingHours !== null,
    days: policy.workingHours?.days ?? [1, 2, 3, 4, 5],
    from: policy.workingHours?.from ?? '08:00',
    to: policy.workingHours?.to ?? '17:00',
    testAlarmOn: policy.testAlarm !== null,
    testDay: policy.testAlarm?.day ?? 1,
    testTime: policy.testAlarm?.time ?? '10:00',
    codePriorities: Object.entries(policy.codePriorities).map(([code, value]) => ({ code, value })),
    delays: delays.delays.map(({ code, delaySeconds }) => ({ code, value: String(delaySeconds) })),
    maxShelve: String(policy.maxShelveMinutes),
  };
}

/** What the draft asks the server to store, before the contract checks it. */
function inputOf(draft: EscalationDraft) {
  return {
    policy: {
      ...planInputOf(draft),
      priorities: Object.fromEntries(
        Object.entries(draft.priorities).map(([name, plan]: [string, PlanDraft]) => [
          name,
          planInputOf(plan),
        ]),
      ),
      maxShelveMinutes: draft.maxShelve.trim() === '' ? Number.NaN : Number(draft.maxShelve),
      timeZone: draft.timeZone.trim(),
      workingHours: draft.workingHoursOn ? { days: draft.days, from: draft.from, to: draft.to } : null,
      testAlarm: draft.testAlarmOn ? { day: draft.testDay, time: draft.testTime } : null,
      codePriorities: Object.fromEntries(
        draft.codePriorities.map((row) => [row.code.trim(), row.value as AlarmPriority]),
      ),
    },
    delays: {
      delays: draft.delays.map((row) => ({
        code: row.code.trim(),
        delaySeconds: toSeconds(row.value, 'seconds'),
      })),
    },
  };
}

// The catalogue message of a field, by the last name of its path (a level's index or a row's code aside).
const MESSAGE_OF: Record<string, MessageId> = {
  afterSeconds: 'escalation.error.after',
  users: 'escalation.error.users',
  emails: 'escalation.error.emails',
  channels: 'escalation.error.channels',
  levels: 'escalation.error.levels',
  repeatSeconds: 'escalation.error.repeat',
  timeZone: 'escalation.error.timeZone',
  days: 'escalation.error.days',
  from: 'escalation.error.time',
  to: 'escalation.error.time',
  time: 'escalation.error.time',
  code: 'escalation.error.code',
  codePriorities: 'escalation.error.code',
  delaySeconds: 'escalation.error.delay',
  maxShelveMinutes: 'escalation.error.maxShelve',
};

/**
 * The form's key of a field the contract or the server named: `levels[1].users` and `levels.1.users.0` both mark
 * `levels.1.users` (and `priorities.low.levels[1].users` marks `priorities.low.levels.1.users`); a code priority (keyed by its code) marks its row's code; the test alarm's and working hours'
 * fields are flat in the form. Empty: a field the form does not show.
 */
export function fieldKey(path: string, draft: EscalationDraft): string {
  const parts = path.replace(/\[(\d+)\]/g, '.$1').split('.');
  if (parts[0] === 'priorities' && ALARM_PRIORITIES.some((priority) => priority === parts[1])) {
    const key = fieldKey(parts.slice(2).join('.'), draft);
    return /^(levels|repeatSeconds)/.test(key) ? `priorities.${parts[1]}.${key}` : '';
  }
  if (parts[0] === 'levels' && parts.length >= 3) return parts.slice(0, 3).join('.');
  if (parts[0] === 'delays' && parts[1] === 'delays' && parts.length >= 4) return parts.slice(1, 4).join('.');
  if (parts[0] === 'codePriorities' && parts[1] !== undefined) {
    const row = draft.codePriorities.findIndex((r) => r.code.trim() === parts[1]);
    return row < 0 ? '' : `codePriorities.${row}.code`;
  }
  if (parts[0] === 'workingHours' || parts[0] === 'testAlarm')
    return parts[1] === 'time' ? 'testTime' : (parts[1] ?? '');
  return ['levels', 'repeatSeconds', 'timeZone', 'maxShelveMinutes'].includes(parts[0]!) ? parts[0]! : '';
}

export const messageOfField = (key: string): MessageId =>
  MESSAGE_OF[[...key.split('.')].reverse().find((part) => Number.isNaN(Number(part))) ?? ''] ??
  'escalation.error.invalid';

/** Two rows of one list for the same code: the stored record would keep only one of them. */
function duplicateCodes(rows: CodeRow[], list: CodeList): FieldErrors {
  const errors: FieldErrors = {};
  rows.forEach((row, index) => {
    if (row.code.trim() && rows.findIndex((r) => r.code.trim() === row.code.trim()) < index)
      errors[`${list}.${index}.code`] = 'escalation.error.duplicateCode';
  });
  return errors;
}

/** Each plan's levels told earlier than the level above them, marked at their delay. */
function levelsOutOfOrder(draft: EscalationDraft): FieldErrors {
  const errors: FieldErrors = {};
  for (const name of PLAN_NAMES) {
    const plan = planOf(draft, name);
    if (!plan) continue;
    for (const index of levelsToldEarly(planInputOf(plan).levels))
      errors[`${planPrefix(name)}levels.${index}.afterSeconds`] = 'escalation.error.afterOrder';
  }
  return errors;
}

export type CheckedDraft =
  { valid: true; policy: EscalationPolicy; delays: AlarmDelays } | { valid: false; errors: FieldErrors };

/** The contract's rules on the draft (what the server checks too, bar unknown users), each at its field. */
export function checkDraft(draft: EscalationDraft): CheckedDraft {
  const input = inputOf(draft);
  const policy = v.safeParse(EscalationPolicy, input.policy);
  const delays = v.safeParse(AlarmDelays, input.delays);
  const errors: FieldErrors = {
    ...levelsOutOfOrder(draft),
    ...duplicateCodes(draft.codePriorities, 'codePriorities'),
    ...duplicateCodes(draft.delays, 'delays'),
  };
  const issues = [
    ...(policy.issues ?? []).map((issue) => v.getDotPath(issue) ?? ''),
    ...(delays.issues ?? []).map((issue) => `delays.${v.getDotPath(issue) ?? ''}`),
  ];
  for (const path of issues) {
    const key = fieldKey(path, draft) || 'form';
    errors[key] ??= messageOfField(key);
  }
  if (Object.keys(errors).length > 0 || !policy.success || !delays.success) return { valid: false, errors };
  return { valid: true, policy: policy.output, delays: delays.output };
}
