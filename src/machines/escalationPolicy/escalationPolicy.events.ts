import type { AlarmDelays, EscalationPolicy, EscalationTestRun, UserSummary } from '#contracts';
import type { CodeList, CodeRow, PolicyFields } from './escalationDraft';
import type { LevelDraft, PlanDraft, PlanName } from './escalationPlan';

/** The dialog's tabs: who is told and when, the priority of codes, the delay of codes. */
export const ESCALATION_TABS = ['levels', 'priorities', 'delays'] as const;
export type EscalationTab = (typeof ESCALATION_TABS)[number];

/** What the dialog loads at once: the policy, the delays, the users a level may name and the last test alarms. */
export interface EscalationLoaded {
  policy: EscalationPolicy;
  delays: AlarmDelays;
  users: UserSummary[];
  /** Newest first. */
  testRuns: EscalationTestRun[];
}

export type EscalationPolicyEvent =
  | { type: 'escalation.tabChose'; tab: EscalationTab }
  /** One or more of the policy's own fields changed (time zone, working hours, test alarm, shelving). */
  | { type: 'escalation.edited'; patch: Partial<PolicyFields> }
  /** The plan shown and edited: the common one or a priority's. */
  | { type: 'escalation.planChosen'; plan: PlanName }
  /** The shown priority got its own plan (a copy of the common one) or follows the common one again. */
  | { type: 'escalation.ownPlanToggled'; own: boolean }
  /** The shown plan's repeat changed. */
  | { type: 'escalation.repeatEdited'; patch: Partial<Omit<PlanDraft, 'levels'>> }
  /** The level events act on the shown plan. */
  | { type: 'escalation.levelAdded' }
  | { type: 'escalation.levelEdited'; index: number; patch: Partial<LevelDraft> }
  | { type: 'escalation.levelRemoved'; index: number }
  | { type: 'escalation.rowAdded'; list: CodeList }
  | { type: 'escalation.rowEdited'; list: CodeList; index: number; patch: Partial<CodeRow> }
  | { type: 'escalation.rowRemoved'; list: CodeList; index: number }
  | { type: 'escalation.save' }
  /** Load again after the policy failed to load. */
  | { type: 'escalation.retry' }
  | { type: 'escalation.close' };
