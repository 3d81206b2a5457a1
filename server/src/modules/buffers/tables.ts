import { integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, departmentColumns } from '../../db/columns';
import { tenantId } from '../tenancy/tables';

/**
 * A buffer: one line of one device recorded for one PC number at a fixed interval from a start time (samples at
 * start + k × interval). Its samples live in the history tables (modules/history); a changed interval or start
 * keeps the id, and what was recorded before keeps the interval it was recorded at.
 */
export const buffers = pgTable(
  'buffers',
  {
    /** A small integer: every stored sample row carries it. */
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    ...departmentColumns(),
    page: integer('page').notNull(),
    line: integer('line').notNull(),
    pcNumber: integer('pc_number').notNull(),
    /** Seconds between samples. */
    intervalSeconds: integer('interval_seconds').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('buffers_line_pc_idx').on(
      t.tenantId,
      t.hexacode,
      t.department,
      t.subDepartment,
      t.page,
      t.line,
      t.pcNumber,
    ),
  ],
);
export type BufferRow = typeof buffers.$inferSelect;
