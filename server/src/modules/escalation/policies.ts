import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { DEFAULT_ESCALATION_POLICY, EscalationPolicy } from '#contracts';
import type { Database } from '../../db/client';
import { alarmEscalationPolicies } from '../../db/schema';

/** The tenants' escalation policies; a tenant that never saved one has the default (no levels, 8 h shelving). */
export function createPolicies(db: Database) {
  // Parsed on the way out too: a policy stored before a field existed gets that field's default.
  const parse = (stored: unknown) => v.parse(EscalationPolicy, stored);
  return {
    async of(tenantId: string, tx: Database = db): Promise<EscalationPolicy> {
      const [row] = await tx
        .select({ policy: alarmEscalationPolicies.policy })
        .from(alarmEscalationPolicies)
        .where(eq(alarmEscalationPolicies.tenantId, tenantId));
      return row ? parse(row.policy) : DEFAULT_ESCALATION_POLICY;
    },

    async save(tenantId: string, policy: EscalationPolicy, at: Date, tx: Database = db): Promise<void> {
      await tx
        .insert(alarmEscalationPolicies)
        .values({ tenantId, policy, updatedAt: at })
        .onConflictDoUpdate({ target: alarmEscalationPolicies.tenantId, set: { policy, updatedAt: at } });
    },

    /** Every saved policy, by tenant id (the runner's round). */
    async all(): Promise<Map<string, EscalationPolicy>> {
      const rows = await db.select().from(alarmEscalationPolicies);
      return new Map(rows.map((row) => [row.tenantId, parse(row.policy)]));
    },
  };
}

export type Policies = ReturnType<typeof createPolicies>;
