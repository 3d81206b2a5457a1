import * as v from 'valibot';
import { FoodSafetyLimit } from '#contracts';
import type { LimitDraft } from './limits.events';

export const limitDraftOf = (limit: FoodSafetyLimit): LimitDraft => ({
  class: limit.class,
  line: limit.line,
  high: String(limit.high),
  low: limit.low === null ? '' : String(limit.low),
  graceDegrees: String(limit.graceDegrees),
  graceMinutes: String(limit.graceMinutes),
});

const number = (text: string) => (text.trim() === '' ? NaN : Number(text.replace(',', '.')));

/** The draft as the contract's limit, or the first field it refuses. */
export function parseLimit(
  draft: LimitDraft,
): { ok: true; limit: FoodSafetyLimit } | { ok: false; field: keyof LimitDraft } {
  const parsed = v.safeParse(FoodSafetyLimit, {
    class: draft.class,
    line: draft.line,
    high: number(draft.high),
    low: draft.low.trim() === '' ? null : number(draft.low),
    graceDegrees: number(draft.graceDegrees),
    graceMinutes: number(draft.graceMinutes),
  });
  if (parsed.success) return { ok: true, limit: parsed.output };
  const issue = parsed.issues[0];
  // The pair check (low below high) names its field in its message, as the server's errors do.
  const field = (v.getDotPath(issue) ?? issue.message.split(':')[0]) as keyof LimitDraft;
  return { ok: false, field };
}
