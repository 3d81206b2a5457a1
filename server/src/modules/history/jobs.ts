import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ChunkDrafts, mergeDrafts } from './merge';
import { DAY_MS, dayOf } from './packing';
import { historyStore } from './store';

/** Compaction leaves samples younger than this staged: a second instance's copy of one is still deduplicated. */
const COMPACTION_GRACE_MS = 60_000;
/**
 * Samples one compaction step packs, about: PostgreSQL does better with few big steps, and each of a step's
 * statements must end well within the pool's statement timeout (db/pool.ts), on a machine the database shares with
 * the server. Steps are sized in buffers, from the samples the previous step found per buffer.
 */
const STEP_SAMPLES = 100_000;
const STEP_BUFFERS = { first: 64, most: 20_000 };
const COMPACTION_JOB = -1;

/** One run of samples to import: values[i] at firstSampleAt + i × interval; NaN is a gap. */
export interface SampleRun {
  bufferId: number;
  firstSampleAt: Date;
  intervalSeconds: number;
  values: ArrayLike<number>;
}

const inTransaction = <T>(db: Database, work: (tx: Database) => Promise<T>) =>
  db.transaction((tx) => work(tx as unknown as Database));

/** Packs runs straight into chunks and rollups in one transaction; answers the samples added. */
export function importRuns(db: Database, runs: readonly SampleRun[]): Promise<number> {
  const drafts = new ChunkDrafts();
  for (const run of runs) {
    drafts.addRun(run.bufferId, run.firstSampleAt.getTime(), run.intervalSeconds * 1000, run.values);
  }
  if (drafts.size === 0) return Promise.resolve(0);
  return inTransaction(db, async (tx) => {
    const store = historyStore(tx);
    await store.lockBuffers(drafts.bufferIds());
    return mergeDrafts(store, drafts);
  });
}

/**
 * Moves staged samples recorded before now − grace into chunks and rollups, a batch of buffers per transaction,
 * yielding between them. When another instance is compacting, this one leaves it to it. Answers the samples moved.
 */
export async function compact(db: Database, nowMs: number, graceMs = COMPACTION_GRACE_MS): Promise<number> {
  const before = nowMs - graceMs;
  // Staged samples of deleted buffers are left to retention.
  const rows = (await db.execute(sql`SELECT id FROM buffers ORDER BY id`)) as { rows: { id: number }[] };
  const ids = rows.rows.map((r) => Number(r.id));
  let size = STEP_BUFFERS.first;
  let moved = 0;
  for (let i = 0; i < ids.length;) {
    const batch = ids.slice(i, i + size);
    i += batch.length;
    const done = await inTransaction(db, async (tx) => {
      const store = historyStore(tx);
      if (!(await store.tryJobLock(COMPACTION_JOB))) return null;
      await store.lockBuffers(batch);
      const drafts = new ChunkDrafts();
      let taken = 0;
      for (const run of await store.takeStaged(batch, before)) {
        for (let k = 0; k < run.ats.length; k++)
          drafts.add(run.bufferId, run.intervalMs, run.ats[k]!, run.values[k]!);
        taken += run.ats.length;
      }
      await mergeDrafts(store, await withoutDeleted(tx, drafts));
      return taken;
    });
    if (done === null) break;
    moved += done;
    size = Math.max(
      1,
      Math.min(STEP_BUFFERS.most, Math.round((STEP_SAMPLES * batch.length) / Math.max(done, 1))),
    );
    await yieldToEventLoop();
  }
  return moved;
}

/** Lets messages and requests that arrived meanwhile run before the next step. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Samples of a buffer deleted since they were recorded have nowhere to go. */
async function withoutDeleted(tx: Database, drafts: ChunkDrafts): Promise<ChunkDrafts> {
  const ids = drafts.bufferIds();
  if (ids.length === 0) return drafts;
  const found = (await tx.execute(sql`SELECT id FROM buffers WHERE id = ANY(${sql.param(ids)}::int4[])`)) as {
    rows: { id: number }[];
  };
  if (found.rows.length === ids.length) return drafts;
  const live = new Set(found.rows.map((r) => Number(r.id)));
  const kept = new ChunkDrafts();
  for (const d of drafts.values()) {
    if (live.has(d.bufferId)) kept.addRun(d.bufferId, d.firstAt, d.intervalMs, d.values);
  }
  return kept;
}

/**
 * Drops what is older than the retention: whole chunks (a chunk spans at most a day), whole UTC days of rollups,
 * staged samples, and staged samples of buffers that no longer exist (chunks and rollups go with their buffer).
 */
export async function applyRetention(db: Database, cutoffMs: number): Promise<void> {
  const cutoff = sql`to_timestamp(${sql.param(cutoffMs)}::float8 / 1000)`;
  await db.execute(sql`DELETE FROM history_chunks WHERE first_at <= ${cutoff} - interval '1 day'`);
  await db.execute(
    sql`DELETE FROM history_rollups WHERE day < DATE '1970-01-01' + ${sql.param(dayOf(cutoffMs))}::int4`,
  );
  await db.execute(
    sql`DELETE FROM history_staging s
        WHERE s.at < ${cutoff} OR NOT EXISTS (SELECT 1 FROM buffers b WHERE b.id = s.buffer_id)`,
  );
}

export const retentionCutoff = (nowMs: number, retentionDays: number) => nowMs - retentionDays * DAY_MS;
