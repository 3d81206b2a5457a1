import * as v from 'valibot';
import { ReportScheduleInput, type ReportSchedule, type ReportScheduleInput as Input } from '#contracts';
import type { ScheduleDraft } from './schedules.events';

/** What is wrong with a draft, by field, as the shared contract judges it. */
export type DraftProblem = 'store' | 'recipients';

export const addressesOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter(Boolean);

/** The draft as the server's body, or the field the contract refuses. */
export function parseDraft(
  draft: ScheduleDraft,
): { ok: true; input: Input } | { ok: false; problem: DraftProblem } {
  const parsed = v.safeParse(ReportScheduleInput, {
    businessGroup: draft.businessGroup,
    frequency: draft.frequency,
    recipients: addressesOf(draft.recipients),
  });
  if (parsed.success) return { ok: true, input: parsed.output };
  const field = v.getDotPath(parsed.issues[0]);
  return { ok: false, problem: field?.startsWith('recipients') ? 'recipients' : 'store' };
}

export const draftOf = (schedule: ReportSchedule): ScheduleDraft => ({
  id: schedule.id,
  businessGroup: schedule.businessGroup,
  frequency: schedule.frequency,
  recipients: schedule.recipients.join(', '),
});

export const newDraft = (businessGroup: string): ScheduleDraft => ({
  id: null,
  businessGroup,
  frequency: 'weekly',
  recipients: '',
});
