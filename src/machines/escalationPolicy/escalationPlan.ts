import {
  ALARM_PRIORITIES,
  type AlarmPriority,
  type EscalationBand,
  type EscalationChannel,
  type EscalationPlan,
} from '#contracts';

/** Delays are typed in seconds or minutes (a drill in seconds, a night shift in minutes) and stored in seconds. */
export type TimeUnit = 'seconds' | 'minutes';

export interface LevelDraft {
  after: string;
  afterUnit: TimeUnit;
  /** Ids of the tenant's users. */
  users: string[];
  /** Addresses as typed, separated by commas, semicolons or spaces. */
  emails: string;
  channels: EscalationChannel[];
  band: EscalationBand;
}

/** A plan as drafted: its levels and its repeat. */
export interface PlanDraft {
  levels: LevelDraft[];
  repeat: string;
  repeatUnit: TimeUnit;
}

/** The plan being edited: the common plan ('all') or a priority's own. */
export const PLAN_NAMES = ['all', ...ALARM_PRIORITIES] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/** The common plan sits at the top of the draft; a priority's own plan in `priorities` (absent: it follows). */
export interface PlansDraft extends PlanDraft {
  priorities: Partial<Record<AlarmPriority, PlanDraft>>;
}

export const newLevel = (): LevelDraft => ({
  after: '0',
  afterUnit: 'minutes',
  users: [],
  emails: '',
  channels: ['email', 'push'],
  band: 'always',
});

/** Whole minutes when they are, else seconds: what the administrator most likely typed. */
const inUnit = (seconds: number): [string, TimeUnit] =>
  seconds > 0 && seconds % 60 === 0 ? [String(seconds / 60), 'minutes'] : [String(seconds), 'seconds'];
export const toSeconds = (text: string, unit: TimeUnit) =>
  text.trim() === '' ? Number.NaN : Number(text) * (unit === 'minutes' ? 60 : 1);

export function planDraftOf(plan: EscalationPlan): PlanDraft {
  const [repeat, repeatUnit] = inUnit(plan.repeatSeconds);
  return {
    levels: plan.levels.map((level) => {
      const [after, afterUnit] = inUnit(level.afterSeconds);
      return { ...level, after, afterUnit, emails: level.emails.join(', ') };
    }),
    repeat,
    repeatUnit,
  };
}

export const planInputOf = (plan: PlanDraft) => ({
  levels: plan.levels.map((level) => ({
    afterSeconds: toSeconds(level.after, level.afterUnit),
    users: level.users,
    emails: level.emails.split(/[\s,;]+/).filter(Boolean),
    channels: level.channels,
    band: level.band,
  })),
  repeatSeconds: toSeconds(plan.repeat, plan.repeatUnit),
});

/** The plan shown as `name`: a priority without its own plan has none (it follows the common plan). */
export const planOf = (draft: PlansDraft, name: PlanName): PlanDraft | undefined =>
  name === 'all' ? draft : draft.priorities[name];

/** The draft with plan `name` changed (or, for a priority, set or removed). */
export function withPlan<D extends PlansDraft>(draft: D, name: PlanName, plan: PlanDraft | undefined): D {
  if (name === 'all') return { ...draft, ...plan };
  const others = Object.fromEntries(Object.entries(draft.priorities).filter(([key]) => key !== name));
  return { ...draft, priorities: plan ? { ...others, [name]: plan } : others };
}

/** The start of the error keys of plan `name`'s fields ("priorities.critical." or nothing). */
export const planPrefix = (name: PlanName) => (name === 'all' ? '' : `priorities.${name}.`);

/** The plan an error key belongs to; undefined for a field outside the plans. */
export function planOfKey(key: string): PlanName | undefined {
  const priority = /^priorities\.(\w+)\./.exec(key)?.[1];
  if (priority) return PLAN_NAMES.find((name) => name === priority);
  return /^(levels|repeatSeconds)(\.|$)/.test(key) ? 'all' : undefined;
}

/** With errors: the shown plan if it has one, else the first plan that has (the other fields are all shown). */
export const planWithErrors = (errors: Record<string, unknown>, shown: PlanName): PlanName => {
  const plans = Object.keys(errors).map(planOfKey);
  return plans.includes(shown) ? shown : (PLAN_NAMES.find((name) => plans.includes(name)) ?? shown);
};
