import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { DAY_MS } from './packing';
import { bytesOf, decoded, encodedList, epochMs, fromMs, param, rowsOf } from './sql';

/**
 * The SQL of the history tables (see packing.ts for what the bytes hold). Times cross as epoch milliseconds and
 * arrays as single parameters, so a batch of any size is one statement with four parameters.
 */

/** Samples as columns (the recorder's batches): buffer, interval, time (ms), value. */
export interface SampleColumns {
  bufferIds: number[];
  intervalsS: number[];
  ats: number[];
  values: number[];
}

export interface StagedRow {
  bufferId: number;
  intervalMs: number;
  at: number;
  value: number;
}

/** Staged samples of one buffer at one interval, in time order (what compaction takes). */
export interface StagedRun {
  bufferId: number;
  intervalMs: number;
  ats: number[];
  values: number[];
}

export interface ChunkRow {
  bufferId: number;
  intervalMs: number;
  firstAt: number;
  samples: Uint8Array;
}

export interface RollupRow {
  bufferId: number;
  day: number;
  hours: Uint8Array;
}

// node-postgres answers int8 as a string.
const staged = (r: Record<string, unknown>): StagedRow => ({
  bufferId: Number(r.buffer_id),
  intervalMs: Number(r.interval_seconds) * 1000,
  at: Number(r.at),
  value: Number(r.value),
});
const chunk = (r: Record<string, unknown>): ChunkRow => ({
  bufferId: Number(r.buffer_id),
  intervalMs: Number(r.interval_seconds) * 1000,
  firstAt: Number(r.first_at),
  samples: decoded(r.samples),
});
const rollup = (r: Record<string, unknown>): RollupRow => ({
  bufferId: Number(r.buffer_id),
  day: Number(r.day),
  hours: decoded(r.hours),
});

const DAY_ZERO = sql`DATE '1970-01-01'`;
/** The first key of the history module's advisory locks (the second a bucket of buffers, or a job below 0). */
const LOCK_SPACE = 727_100;
const LOCK_BUCKETS = 256;

export function historyStore(db: Database) {
  return {
    /** Stages recorded samples; a sample already there (another instance heard the same message) is kept. */
    async stage(batch: SampleColumns): Promise<void> {
      await db.execute(sql`
        INSERT INTO history_staging (buffer_id, interval_seconds, at, value)
        SELECT b, i, ${fromMs(sql`t`)}, v
        FROM unnest(${param(batch.bufferIds)}::int4[], ${param(batch.intervalsS)}::int4[],
                    ${param(batch.ats)}::int8[], ${param(batch.values)}::float4[]) AS u(b, i, t, v)
        ON CONFLICT DO NOTHING`);
    },

    async staged(bufferIds: number[], fromAt: number, toAt: number): Promise<StagedRow[]> {
      const rows = await rowsOf(
        db,
        sql`SELECT buffer_id, interval_seconds, ${epochMs(sql`at`)} AS at, value FROM history_staging
            WHERE buffer_id = ANY(${param(bufferIds)}::int4[])
              AND at >= ${fromMs(param(fromAt))} AND at < ${fromMs(param(toAt))}`,
      );
      return rows.map(staged);
    },

    /** Chunks that may hold samples in [fromAt, toAt): a chunk spans at most a day. */
    async chunks(bufferIds: number[], fromAt: number, toAt: number): Promise<ChunkRow[]> {
      const rows = await rowsOf(
        db,
        sql`SELECT buffer_id, interval_seconds, ${epochMs(sql`first_at`)} AS first_at,
                   ${bytesOf(sql`samples`)} AS samples
            FROM history_chunks
            WHERE buffer_id = ANY(${param(bufferIds)}::int4[])
              AND first_at > ${fromMs(param(fromAt - DAY_MS))} AND first_at < ${fromMs(param(toAt))}`,
      );
      return rows.map(chunk);
    },

    /** Rollups of the UTC days fromDay..toDay (days since the epoch), both included. */
    async rollups(bufferIds: number[], fromDay: number, toDay: number): Promise<RollupRow[]> {
      const rows = await rowsOf(
        db,
        sql`SELECT buffer_id, (day - ${DAY_ZERO}) AS day, ${bytesOf(sql`hours`)} AS hours FROM history_rollups
            WHERE buffer_id = ANY(${param(bufferIds)}::int4[])
              AND day BETWEEN ${DAY_ZERO} + ${param(fromDay)}::int4 AND ${DAY_ZERO} + ${param(toDay)}::int4`,
      );
      return rows.map(rollup);
    },

    /**
     * Holds, until the transaction ends, the locks of these buffers: compaction and imports read and rewrite a
     * buffer's chunks one transaction at a time. Buffers share LOCK_BUCKETS locks, so a transaction of thousands
     * of buffers holds a bounded number; taken in order, so two transactions cannot deadlock.
     */
    async lockBuffers(bufferIds: number[]): Promise<void> {
      const buckets = [...new Set(bufferIds.map((id) => id % LOCK_BUCKETS))].sort((a, b) => a - b);
      await db.execute(
        sql`SELECT pg_advisory_xact_lock(${LOCK_SPACE}, b) FROM unnest(${param(buckets)}::int4[]) AS b`,
      );
    },

    /** Whether this transaction got the lock of a job only one instance should run at a time. */
    async tryJobLock(job: number): Promise<boolean> {
      const [row] = await rowsOf(db, sql`SELECT pg_try_advisory_xact_lock(${LOCK_SPACE}, ${job}) AS ok`);
      return row?.ok === true;
    },

    /**
     * Takes the staged samples of these buffers recorded before `beforeAt` out of staging, answered packed by
     * buffer and interval in time order. One statement for thousands of buffers: staged rows lie in the order they
     * were recorded, a buffer's scattered over as many pages, so reading buffer by buffer would visit each page
     * over and over.
     */
    async takeStaged(bufferIds: number[], beforeAt: number): Promise<StagedRun[]> {
      const rows = await rowsOf(
        db,
        sql`WITH taken AS (
              DELETE FROM history_staging
              WHERE buffer_id = ANY(${param(bufferIds)}::int4[]) AND at < ${fromMs(param(beforeAt))}
              RETURNING buffer_id, interval_seconds, at, value)
            SELECT buffer_id, interval_seconds,
                   encode(string_agg(float8send(${epochMs(sql`at`)}), '' ORDER BY at), 'base64') AS ats,
                   encode(string_agg(float4send(value), '' ORDER BY at), 'base64') AS samples
            FROM taken GROUP BY buffer_id, interval_seconds`,
      );
      return rows.map((r) => {
        const ats = decoded(r.ats);
        const samples = decoded(r.samples);
        const times = new DataView(ats.buffer, ats.byteOffset, ats.byteLength);
        const values = new DataView(samples.buffer, samples.byteOffset, samples.byteLength);
        return {
          bufferId: Number(r.buffer_id),
          intervalMs: Number(r.interval_seconds) * 1000,
          ats: Array.from({ length: ats.byteLength / 8 }, (_, i) => times.getFloat64(i * 8)),
          values: Array.from({ length: samples.byteLength / 4 }, (_, i) => values.getFloat32(i * 4)),
        };
      });
    },

    async chunksByKey(keys: Omit<ChunkRow, 'samples'>[]): Promise<ChunkRow[]> {
      if (keys.length === 0) return [];
      const rows = await rowsOf(
        db,
        sql`SELECT c.buffer_id, c.interval_seconds, ${epochMs(sql`c.first_at`)} AS first_at,
                   ${bytesOf(sql`c.samples`)} AS samples
            FROM unnest(${param(keys.map((k) => k.bufferId))}::int4[],
                        ${param(keys.map((k) => k.intervalMs / 1000))}::int4[],
                        ${param(keys.map((k) => k.firstAt))}::int8[]) AS k(b, i, f)
            JOIN history_chunks c
              ON c.buffer_id = k.b AND c.interval_seconds = k.i AND c.first_at = ${fromMs(sql`k.f`)}`,
      );
      return rows.map(chunk);
    },

    async upsertChunks(rows: ChunkRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.execute(sql`
        INSERT INTO history_chunks (buffer_id, interval_seconds, first_at, samples)
        SELECT b, i, ${fromMs(sql`f`)}, decode(s, 'base64')
        FROM unnest(${param(rows.map((r) => r.bufferId))}::int4[],
                    ${param(rows.map((r) => r.intervalMs / 1000))}::int4[],
                    ${param(rows.map((r) => r.firstAt))}::int8[],
                    ${encodedList(rows.map((r) => r.samples))}) AS u(b, i, f, s)
        ON CONFLICT (buffer_id, first_at, interval_seconds) DO UPDATE SET samples = excluded.samples`);
    },

    async rollupsByKey(keys: Omit<RollupRow, 'hours'>[]): Promise<RollupRow[]> {
      if (keys.length === 0) return [];
      const rows = await rowsOf(
        db,
        sql`SELECT r.buffer_id, (r.day - ${DAY_ZERO}) AS day, ${bytesOf(sql`r.hours`)} AS hours
            FROM unnest(${param(keys.map((k) => k.bufferId))}::int4[],
                        ${param(keys.map((k) => k.day))}::int4[]) AS k(b, d)
            JOIN history_rollups r ON r.buffer_id = k.b AND r.day = ${DAY_ZERO} + k.d`,
      );
      return rows.map(rollup);
    },

    async upsertRollups(rows: RollupRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.execute(sql`
        INSERT INTO history_rollups (buffer_id, day, hours)
        SELECT b, ${DAY_ZERO} + d, decode(h, 'base64')
        FROM unnest(${param(rows.map((r) => r.bufferId))}::int4[], ${param(rows.map((r) => r.day))}::int4[],
                    ${encodedList(rows.map((r) => r.hours))}) AS u(b, d, h)
        ON CONFLICT (buffer_id, day) DO UPDATE SET hours = excluded.hours`);
    },
  };
}

export type HistoryStore = ReturnType<typeof historyStore>;
