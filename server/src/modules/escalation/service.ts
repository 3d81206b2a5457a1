import { and, desc, eq, inArray } from 'drizzle-orm';
import { auditTarget, levelsToldEarly, type EscalationPolicy, type EscalationTestRun } from '#contracts';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { alarmTestRuns, users } from '../../db/schema';
import { badRequest } from '../../errors';
import { recordAudit } from '../audit/trail';
import type { AuthSession } from '../auth/service';
import type { Policies } from './policies';

const TEST_RUNS_SHOWN = 20;

/** Every plan of a policy (the common one, then each priority's own), with the path of its levels. */
const plansOf = (policy: EscalationPolicy) => [
  { levels: policy.levels, path: 'levels' },
  ...Object.entries(policy.priorities).flatMap(([priority, plan]) =>
    plan ? [{ levels: plan.levels, path: `priorities.${priority}.levels` }] : [],
  ),
];

/** Every level of every plan of a policy, each with the path the 400 names. */
const levelsOf = (policy: EscalationPolicy) =>
  plansOf(policy).flatMap(({ levels, path }) => levels.map((level, i) => ({ level, path: `${path}[${i}]` })));

/** 400 naming the first level told earlier than the level above it: the plan would read in another order. */
function checkOrder(policy: EscalationPolicy): void {
  for (const { levels, path } of plansOf(policy)) {
    const [early] = levelsToldEarly(levels);
    if (early !== undefined)
      throw badRequest(
        'LEVELS_OUT_OF_ORDER',
        `${path}[${early}].afterSeconds: ${levels[early]!.afterSeconds} is earlier than the level above it ` +
          `(${levels[early - 1]!.afterSeconds}); each level is told no earlier than the one before`,
      );
  }
}

/** The administrators' escalation policy: read, checked against the tenant's users, saved with an audit entry. */
export function createEscalationService(deps: { db: Database; policies: Policies; clock: Clock }) {
  const { db, policies, clock } = deps;

  /** 400 naming the first level that names someone who is not a user of the tenant. */
  async function checkUsers(tenantId: string, policy: EscalationPolicy): Promise<void> {
    const named = [...new Set(levelsOf(policy).flatMap(({ level }) => level.users))];
    if (named.length === 0) return;
    const known = new Set(
      (
        await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.tenantId, tenantId), inArray(users.id, named)))
      ).map((row) => row.id),
    );
    for (const { level, path } of levelsOf(policy)) {
      const unknown = level.users.find((id) => !known.has(id));
      if (unknown) throw badRequest('UNKNOWN_USER', `${path}.users: ${unknown} is not a user of this tenant`);
    }
  }

  return {
    get: (session: AuthSession) => policies.of(session.tenant.id),

    async put(session: AuthSession, policy: EscalationPolicy): Promise<EscalationPolicy> {
      const tenantId = session.tenant.id;
      checkOrder(policy);
      await checkUsers(tenantId, policy);
      const at = clock.now();
      await db.transaction(async (t) => {
        const tx = t as unknown as Database;
        const before = await policies.of(tenantId, tx);
        await policies.save(tenantId, policy, at, tx);
        await recordAudit(tx, {
          by: session,
          action: 'escalation.change',
          target: auditTarget.escalationPolicy(),
          before,
          after: policy,
          at,
        });
      });
      return policies.of(tenantId);
    },

    async testRuns(session: AuthSession): Promise<EscalationTestRun[]> {
      const rows = await db
        .select()
        .from(alarmTestRuns)
        .where(eq(alarmTestRuns.tenantId, session.tenant.id))
        .orderBy(desc(alarmTestRuns.dueAt))
        .limit(TEST_RUNS_SHOWN);
      return rows.map((row) => ({ at: row.dueAt.toISOString(), result: row.result, notified: row.notified }));
    },
  };
}

export type EscalationService = ReturnType<typeof createEscalationService>;
