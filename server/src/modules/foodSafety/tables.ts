import {
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FoodSafetyClass, FoodSafetyLine, ReportFrequency } from '#contracts';
import { createdAt, updatedAt, departmentColumns, randomId, sequentialId } from '../../db/columns';
import { businessGroups } from '../devices/tables';
import { tenantId } from '../tenancy/tables';

/** A case's food-safety limit as a user set it (modules/foodSafety); without a row the ADF's default applies. */
export const foodSafetyLimits = pgTable(
  'food_safety_limits',
  {
    tenantId: tenantId(),
    ...departmentColumns(),
    class: text('class').$type<FoodSafetyClass>().notNull(),
    line: text('line').$type<FoodSafetyLine>().notNull(),
    high: real('high').notNull(),
    low: real('low'),
    graceDegrees: real('grace_degrees').notNull(),
    graceMinutes: integer('grace_minutes').notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.hexacode, t.department, t.subDepartment] })],
);

/** What people did about an excursion (subject 'excursion', key its id) or a case's day ('day', yyyy-MM-dd). */
export const foodSafetyReviews = pgTable(
  'food_safety_reviews',
  {
    id: randomId(),
    tenantId: tenantId(),
    ...departmentColumns(),
    subject: text('subject').$type<'excursion' | 'day'>().notNull(),
    subjectKey: text('subject_key').notNull(),
    correctiveAction: text('corrective_action'),
    correctiveActionBy: text('corrective_action_by'),
    correctiveActionAt: timestamp('corrective_action_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('food_safety_reviews_subject_idx').on(
      t.tenantId,
      t.hexacode,
      t.department,
      t.subDepartment,
      t.subject,
      t.subjectKey,
    ),
  ],
);

/** A store's report e-mailed as PDF every day, week or month; one instance claims a due row and sends it. */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: randomId(),
    tenantId: tenantId(),
    businessGroupId: uuid('business_group_id')
      .notNull()
      .references(() => businessGroups.id, { onDelete: 'cascade' }),
    frequency: text('frequency').$type<ReportFrequency>().notNull(),
    recipients: text('recipients').array().notNull(),
    timeZone: text('time_zone').notNull(),
    /** The creator's language and date format: the PDF is written in them. */
    languageCode: text('language_code').notNull(),
    dateFormat: text('date_format').notNull(),
    createdBy: text('created_by').notNull(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('report_schedules_due_idx').on(t.nextRunAt)],
);
export type ReportScheduleRow = typeof reportSchedules.$inferSelect;

/** Each report a schedule queued for sending: the record that it went, to whom, over which period. */
export const reportSendings = pgTable(
  'report_sendings',
  {
    id: sequentialId(),
    tenantId: tenantId(),
    scheduleId: uuid('schedule_id').references(() => reportSchedules.id, { onDelete: 'set null' }),
    businessGroupId: uuid('business_group_id').notNull(),
    periodFrom: timestamp('period_from', { withTimezone: true }).notNull(),
    periodTo: timestamp('period_to', { withTimezone: true }).notNull(),
    recipients: text('recipients').array().notNull(),
    bytes: integer('bytes').notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('report_sendings_schedule_idx').on(t.scheduleId, t.queuedAt)],
);
