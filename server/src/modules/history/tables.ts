import { customType, date, integer, pgTable, primaryKey, real, timestamp } from 'drizzle-orm/pg-core';
import { buffers } from '../buffers/tables';

/** Bytes the history module packs itself (modules/history/packing.ts): float32 samples, hourly rollups. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Samples as recorded, one row each, until compaction packs them into chunks (a few minutes). The primary key is
 * what makes a sample recorded once when two instances hear the same message. No foreign key: inserts are the hot
 * path, and samples of a deleted buffer are dropped by compaction and retention.
 */
export const historyStaging = pgTable(
  'history_staging',
  {
    bufferId: integer('buffer_id').notNull(),
    /** The interval the sample was recorded at (the buffer's may change before compaction). */
    intervalSeconds: integer('interval_seconds').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    value: real('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bufferId, t.at] })],
);

/**
 * A packed run of samples of one buffer: float32 little-endian values, NaN for a gap, sample i at
 * firstAt + i × interval. One row covers a UTC day (intervals of a minute or more) or 1,440 samples.
 */
export const historyChunks = pgTable(
  'history_chunks',
  {
    bufferId: integer('buffer_id')
      .notNull()
      .references(() => buffers.id, { onDelete: 'cascade' }),
    intervalSeconds: integer('interval_seconds').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    samples: bytea('samples').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bufferId, t.firstAt, t.intervalSeconds] })],
);

/** Hourly count, min, max and mean of one buffer's samples over one UTC day, packed (24 × 14 bytes). */
export const historyRollups = pgTable(
  'history_rollups',
  {
    bufferId: integer('buffer_id')
      .notNull()
      .references(() => buffers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    hours: bytea('hours').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bufferId, t.day] })],
);
