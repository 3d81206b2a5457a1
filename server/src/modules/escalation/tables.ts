import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { EscalationChannel, EscalationPolicy, EscalationTestRun } from '#contracts';
import { sequentialId } from '../../db/columns';
import { alarmOccurrences } from '../alarms/tables';
import { tenantId, tenants } from '../tenancy/tables';

/** A tenant's escalation policy (modules/escalation), as PUT /api/v2/alarms/escalation validated it. */
export const alarmEscalationPolicies = pgTable('alarm_escalation_policies', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  policy: jsonb('policy').$type<EscalationPolicy>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per level and round of an alarm that was told: the instance whose insert made it sends that round, so
 * several instances tell each level once.
 */
export const alarmEscalationClaims = pgTable(
  'alarm_escalation_claims',
  {
    occurrenceId: uuid('occurrence_id')
      .notNull()
      .references(() => alarmOccurrences.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    round: integer('round').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'alarm_escalation_claims_pk', columns: [t.occurrenceId, t.level, t.round] })],
);

/** Who escalation told of an alarm, how and when: the alarm's record, shown in its history. */
export const alarmNotifications = pgTable(
  'alarm_notifications',
  {
    id: sequentialId(),
    tenantId: tenantId(),
    occurrenceId: uuid('occurrence_id')
      .notNull()
      .references(() => alarmOccurrences.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    round: integer('round').notNull(),
    channel: text('channel').$type<EscalationChannel>().notNull(),
    /** The address mailed, or the username whose browsers were pushed. */
    recipient: text('recipient').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('alarm_notifications_occurrence_idx').on(t.occurrenceId, t.id)],
);

/** The weekly test alarms: one per tenant and due time (the key makes it once across instances). */
export const alarmTestRuns = pgTable(
  'alarm_test_runs',
  {
    tenantId: tenantId(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    result: text('result').$type<EscalationTestRun['result']>().notNull(),
    notified: jsonb('notified').$type<EscalationTestRun['notified']>().notNull(),
  },
  (t) => [primaryKey({ name: 'alarm_test_runs_pk', columns: [t.tenantId, t.dueAt] })],
);
