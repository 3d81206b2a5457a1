import type { Database } from '../../db/client';

/** What a change of the tenant's alarm handling adds to the audit trail. */
export interface AlarmAuditEntry {
  tenantId: string;
  userId: string;
  username: string;
  action: 'alarm.shelved' | 'alarm.unshelved' | 'alarm.escalation.changed';
  /** The alarm occurrence, or the tenant for its policy. */
  target: string;
  details: Record<string, unknown>;
  at: Date;
}

/**
 * THE place where shelving and escalation policy changes go into the audit trail (server/src/modules/audit, being
 * built on branch issue-30a): called with the transaction of the change. Until that module is merged it records
 * nothing; merging it means calling its record function here and nowhere else.
 */
export async function recordAlarmAudit(_tx: Database, _entry: AlarmAuditEntry): Promise<void> {}
