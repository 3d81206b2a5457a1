import type { AuditAction } from '#contracts';
import type { Database } from '../../db/client';
import { recordAudit } from '../audit/trail';
import type { AuthSession } from '../auth/service';

/** What a person changed of food safety, as the audit trail keeps it. */
export interface FoodSafetyChange {
  session: AuthSession;
  action: Extract<
    AuditAction,
    'limit.change' | 'excursion.correctiveAction' | 'report.signOff' | 'report.schedule'
  >;
  /** The case ("1A0102.1.0"), excursion, day or schedule it is about. */
  target: string;
  hexacode: string | null;
  before: unknown;
  after: unknown;
  at: Date;
}

/** The one place food safety writes the audit trail: in `tx`, the transaction of the change itself. */
export async function recordFoodSafetyChange(tx: Database, change: FoodSafetyChange): Promise<void> {
  const { session, ...entry } = change;
  await recordAudit(tx, { by: session, ...entry });
}
