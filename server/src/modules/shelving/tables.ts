import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { randomId } from '../../db/columns';
import { alarmOccurrences } from '../alarms/tables';
import { tenantId } from '../tenancy/tables';
import { users } from '../users/tables';

/** ISA-18.2 shelving: an alarm out of the bell and escalation until `until` or until unshelved (`endedAt`). */
export const alarmShelvings = pgTable(
  'alarm_shelvings',
  {
    id: randomId(),
    tenantId: tenantId(),
    occurrenceId: uuid('occurrence_id')
      .notNull()
      .references(() => alarmOccurrences.id, { onDelete: 'cascade' }),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    by: text('by').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Who unshelved it; null when it ran out (or the alarm cleared). */
    endedBy: text('ended_by'),
  },
  (t) => [
    index('alarm_shelvings_occurrence_idx').on(t.occurrenceId),
    uniqueIndex('alarm_shelvings_current_idx')
      .on(t.occurrenceId)
      .where(sql`${t.endedAt} IS NULL`),
  ],
);
