import type { CaseAddress, FoodSafetyLimit } from '#contracts';

/** A limit as typed: the numbers as text until they are checked. */
export interface LimitDraft {
  class: FoodSafetyLimit['class'];
  line: FoodSafetyLimit['line'];
  high: string;
  low: string;
  graceDegrees: string;
  graceMinutes: string;
}

export type LimitsEvent =
  /** Start changing a case's limit, from the one it is judged by now. */
  | { type: 'limit.editStarted'; address: CaseAddress; limit: FoodSafetyLimit }
  /** A field of the limit being written changed. */
  | { type: 'limit.draftChanged'; change: Partial<LimitDraft> }
  /** Store the limit being written. */
  | { type: 'limit.saveRequested' }
  /** Leave the limit unchanged. */
  | { type: 'limit.editCancelled' }
  /** Go back to the default limit of the case's ADF and setpoint. */
  | { type: 'limit.resetRequested'; address: CaseAddress };
