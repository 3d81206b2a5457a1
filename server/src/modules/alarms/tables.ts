import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { departmentColumns, randomId, sequentialId } from '../../db/columns';
import { tenantId } from '../tenancy/tables';
import { users } from '../users/tables';

/**
 * One alarm occurrence (issue 10): raised, maybe acknowledged, then cleared. Names are kept as they were at the
 * raise, so the history reads as it happened. The partial unique index keeps one open occurrence per alarm: when
 * every instance stores the same raise, one insert wins and only that instance tells the others.
 */
export const alarmOccurrences = pgTable(
  'alarm_occurrences',
  {
    id: randomId(),
    tenantId: tenantId(),
    /** Upper-case, as devices.hexacode. No foreign key: the history outlives a deleted device. */
    hexacode: text('hexacode').notNull(),
    deviceName: text('device_name').notNull(),
    businessGroupName: text('business_group_name'),
    department: integer('department').notNull(),
    subDepartment: integer('sub_department').notNull(),
    departmentName: text('department_name'),
    code: text('code').notNull(),
    /** The ADF's English name for the code, when the model names it. */
    adfName: text('adf_name'),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    acknowledgedByUserId: uuid('acknowledged_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** The username as it was when acknowledging (kept when the user is deleted). */
    acknowledgedBy: text('acknowledged_by'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    ackComment: text('ack_comment'),
    /**
     * Whether the bell, e-mail and push were told (issue 31): false while the occurrence is held back by its code's
     * delay or a defrost, and for good when it cleared while held (then it is a suppressed occurrence).
     */
    announced: boolean('announced').notNull().default(true),
    /** When a held occurrence still open is announced; null while its department defrosts (end unknown). */
    heldUntil: timestamp('held_until', { withTimezone: true }),
    /** Why it was held back ('DELAY' or 'DEFROST'); null when it was announced at its raise. */
    suppression: text('suppression').$type<AlarmSuppression>(),
  },
  (t) => [
    index('alarm_occurrences_held_idx')
      .on(t.heldUntil)
      .where(sql`${t.announced} = false AND ${t.clearedAt} IS NULL`),
    uniqueIndex('alarm_occurrences_open_idx')
      .on(t.tenantId, t.hexacode, t.department, t.subDepartment, t.code)
      .where(sql`${t.clearedAt} IS NULL`),
    index('alarm_occurrences_history_idx').on(t.tenantId, t.raisedAt),
  ],
);
export type AlarmOccurrenceRow = typeof alarmOccurrences.$inferSelect;

/** Why an occurrence was held back from the bell, e-mail and push. */
export type AlarmSuppression = 'DELAY' | 'DEFROST';

/** A tenant's own alarm delay for a code, over the ADF's default (issue 31). */
export const alarmDelays = pgTable(
  'alarm_delays',
  { tenantId: tenantId(), code: text('code').notNull(), delaySeconds: integer('delay_seconds').notNull() },
  (t) => [primaryKey({ columns: [t.tenantId, t.code] })],
);

/**
 * A department's defrost as its controller reported it (the ADF's defrost state line): temperature alarms are
 * held back during it and for the kind's recovery time after it, and charts mark it. One open row per department.
 */
export const departmentDefrosts = pgTable(
  'department_defrosts',
  {
    id: randomId(),
    tenantId: tenantId(),
    ...departmentColumns(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('department_defrosts_open_idx')
      .on(t.tenantId, t.hexacode, t.department, t.subDepartment)
      .where(sql`${t.endedAt} IS NULL`),
    index('department_defrosts_place_idx').on(
      t.tenantId,
      t.hexacode,
      t.department,
      t.subDepartment,
      t.startedAt,
    ),
  ],
);

/**
 * Numbers the alarm stream's events: one row per stored change of a device's alarms. A stream resumed with
 * Last-Event-ID replays the devices changed after that id; rows older than a day are pruned.
 */
export const alarmChanges = pgTable(
  'alarm_changes',
  {
    id: sequentialId(),
    tenantId: tenantId(),
    hexacode: text('hexacode').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alarm_changes_at_idx').on(t.at)],
);
