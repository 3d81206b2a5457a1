import type { Database } from '../../db/client';
import type { AuthSession } from '../auth/service';

/** What a person changed of food safety, as the audit trail keeps it. */
export interface FoodSafetyChange {
  session: AuthSession;
  action:
    'foodSafety.limit.set' | 'foodSafety.limit.reset' | 'foodSafety.correctiveAction' | 'foodSafety.signOff';
  /** The case ("1A0102.1.0"), excursion or day it is about. */
  target: string;
  hexacode: string;
  before: unknown;
  after: unknown;
}

/**
 * THE place a food-safety change enters the audit trail (issue 30: limit changes, corrective actions, sign-offs).
 * The trail's module (branch issue-30a, server/src/modules/audit) is not on this branch yet: until it is merged,
 * this records nothing; merging it means calling its record function here, in `tx`, the change's transaction.
 */
export async function recordFoodSafetyChange(_tx: Database, _change: FoodSafetyChange): Promise<void> {}
