import { and, eq, inArray, isNull, notExists } from 'drizzle-orm';
import type { EscalationPolicy } from '#contracts';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import {
  alarmEscalationClaims,
  alarmNotifications,
  alarmOccurrences,
  alarmShelvings,
  alarmTestRuns,
  tenants,
  type AlarmOccurrenceRow,
} from '../../db/schema';
import type { AlarmDirectory } from '../alarms/directory';
import type { AlarmOccurrence } from '../alarms/events';
import type { Outbox } from '../mail/outbox';
import { escalationEntries, testEntries } from './messages';
import { dueSteps, lastTestTime, planOf, priorityOf, type DueStep } from './plan';
import type { Policies } from './policies';
import { levelRecipients } from './recipients';

/** A weekly test found later than this after its time (no instance ran) waits for the next week. */
const TEST_LATE_MS = 60 * 60 * 1000;

const notShelved = (db: Database) =>
  notExists(
    db
      .select({ id: alarmShelvings.id })
      .from(alarmShelvings)
      .where(and(eq(alarmShelvings.occurrenceId, alarmOccurrences.id), isNull(alarmShelvings.endedAt))),
  );

export interface EscalationRunnerDeps {
  db: Database;
  clock: Clock;
  outbox: Outbox;
  policies: Policies;
  directory: AlarmDirectory;
  /** The alarm as e-mail and push describe it. */
  describe: (tenant: string, row: AlarmOccurrenceRow) => Promise<AlarmOccurrence>;
  baseUrlOf: (tenant: string) => string;
}

/**
 * One round of escalation over every tenant with a policy: each alarm still unacknowledged, active and not
 * shelved tells the levels whose delay passed, at their current round, and the weekly test alarm runs when due.
 * Every step is claimed in the database (its key: alarm, level, round) in the transaction that queues its e-mails
 * and pushes and records who was told, with the alarm row locked: an acknowledgement or clear committed before
 * stops it, and several instances running rounds together tell each step once.
 */
export function createEscalationRunner(deps: EscalationRunnerDeps) {
  const { db, clock, outbox, policies, directory } = deps;

  async function tell(
    tenant: string,
    row: AlarmOccurrenceRow,
    step: DueStep,
    levels: EscalationPolicy['levels'],
  ): Promise<number> {
    const now = clock.now();
    const occurrence = await deps.describe(tenant, row);
    return db.transaction(async (t) => {
      const tx = t as unknown as Database;
      const [still] = await tx
        .select({ id: alarmOccurrences.id })
        .from(alarmOccurrences)
        .where(
          and(
            eq(alarmOccurrences.id, row.id),
            isNull(alarmOccurrences.clearedAt),
            isNull(alarmOccurrences.acknowledgedAt),
            // Held back by its delay or a defrost (alarms/holds.ts): nobody is told until it is announced.
            eq(alarmOccurrences.announced, true),
            notShelved(tx),
          ),
        )
        .for('update', { skipLocked: true });
      if (!still) return 0;
      const claimed = await tx
        .insert(alarmEscalationClaims)
        .values({ occurrenceId: row.id, level: step.level, round: step.round, at: now })
        .onConflictDoNothing()
        .returning({ level: alarmEscalationClaims.level });
      if (claimed.length === 0) return 0;
      const recipients = await levelRecipients(tx, row.tenantId, levels[step.level]!);
      await outbox.enqueue(
        escalationEntries(occurrence, recipients, step.level + 1, deps.baseUrlOf(tenant)),
        tx,
      );
      if (recipients.length > 0)
        await tx.insert(alarmNotifications).values(
          recipients.map((r) => ({
            tenantId: row.tenantId,
            occurrenceId: row.id,
            level: step.level + 1,
            round: step.round,
            channel: r.channel,
            recipient: r.recipient,
            at: now,
          })),
        );
      return recipients.length;
    });
  }

  async function escalate(byTenant: Map<string, EscalationPolicy>, names: Map<string, string>) {
    const tenantIds = [...byTenant.keys()];
    if (tenantIds.length === 0) return 0;
    const open = await db
      .select()
      .from(alarmOccurrences)
      .where(
        and(
          inArray(alarmOccurrences.tenantId, tenantIds),
          isNull(alarmOccurrences.clearedAt),
          isNull(alarmOccurrences.acknowledgedAt),
          eq(alarmOccurrences.announced, true),
          notShelved(db),
        ),
      );
    let told = 0;
    for (const row of open) {
      const policy = byTenant.get(row.tenantId)!;
      const model = (await directory.device(row.tenantId, row.hexacode))?.model;
      const adfPriority = model === undefined ? undefined : directory.adfPriority(model, row.code);
      const plan = planOf(policy, priorityOf(policy, row.code, adfPriority));
      for (const step of dueSteps(plan, policy, row.raisedAt, clock.now()))
        told += await tell(names.get(row.tenantId)!, row, step, plan.levels);
    }
    return told;
  }

  /** The weekly test alarm of one tenant, once across instances (its due time is the run's key). */
  async function test(tenantId: string, policy: EscalationPolicy): Promise<number> {
    const now = clock.now();
    const due = lastTestTime(policy, now);
    if (!due || now.getTime() - due.getTime() > TEST_LATE_MS) return 0;
    return db.transaction(async (t) => {
      const tx = t as unknown as Database;
      const first = policy.levels[0];
      const recipients = first ? await levelRecipients(tx, tenantId, first) : [];
      const result = !first ? 'NO_LEVEL' : recipients.length === 0 ? 'NO_RECIPIENTS' : 'QUEUED';
      const [run] = await tx
        .insert(alarmTestRuns)
        .values({
          tenantId,
          dueAt: due,
          result,
          notified: recipients.map(({ channel, recipient }) => ({ channel, recipient })),
        })
        .onConflictDoNothing()
        .returning({ dueAt: alarmTestRuns.dueAt });
      if (!run) return 0;
      await outbox.enqueue(testEntries(tenantId, recipients, now), tx);
      return recipients.length;
    });
  }

  /** One round; answers how many notifications it queued (the caller wakes the senders when any). */
  async function tick(): Promise<number> {
    const byTenant = await policies.all();
    if (byTenant.size === 0) return 0;
    const rows = await db
      .select({ id: tenants.id, name: tenants.name })
      .from(tenants)
      .where(inArray(tenants.id, [...byTenant.keys()]));
    const names = new Map(rows.map((row) => [row.id, row.name]));
    let queued = await escalate(byTenant, names);
    for (const [tenantId, policy] of byTenant) queued += await test(tenantId, policy);
    return queued;
  }

  return { tick };
}
