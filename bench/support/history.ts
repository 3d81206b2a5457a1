import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '../../server/src/db/client';
import { openEmbeddedPostgres } from '../../server/src/db/embedded';
import { migrate } from '../../server/src/db/migrate';
import { buffers, devices, tenants } from '../../server/src/db/schema';
import { coldwatchTheme } from '../../server/src/seed/themes';
import { cpuSecondsOfProcessesNamed } from './procStats';

/** What the history benches share: a fresh database of either kind, bench devices and buffers, CPU counters. */

/** `embedded`: an embedded PostgreSQL of its own, as the server starts it; `postgres`: the machine's server. */
export type Backend = 'embedded' | 'postgres';
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  handle: DatabaseHandle;
  dispose(): Promise<void>;
}

const quiet = { info: () => undefined, warn: () => undefined, error: (m: string) => console.error(m) };

/** A migrated database: the embedded PostgreSQL in a temporary DATA_DIR, or a new database on the machine's. */
export async function openBenchDatabase(backend: Backend): Promise<BenchDatabase> {
  if (backend === 'embedded') {
    const dataDir = await mkdtemp(join(tmpdir(), 'coldwatch-bench-'));
    await chmod(dataDir, 0o755);
    const embedded = await openEmbeddedPostgres({ dataDir, role: 'server', log: quiet });
    const handle = createDatabase(embedded.url, embedded.location);
    await migrate(handle);
    return {
      handle,
      dispose: async () => {
        await handle.close();
        await embedded.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `coldwatch_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = createDatabase(url.toString());
  await migrate(handle);
  return {
    handle,
    dispose: async () => {
      await handle.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export const benchHexacode = (i: number) => (0xbe0000 + i).toString(16).toUpperCase();
export const benchCredential = (hexacode: string) => `bench-credential-${hexacode}`;

/** A tenant 'bench' with CC-410 devices BE0000… and their buffers; answers the tenant id and buffer ids. */
export async function seedBench(
  handle: DatabaseHandle,
  spec: {
    devices: number;
    lines: readonly (readonly [department: number, page: number, line: number])[];
    pcNumbers: number;
    intervalSeconds: number;
    startAt: Date;
  },
): Promise<{ tenantId: string; bufferIds: number[] }> {
  const db = handle.db;
  const [tenant] = await db
    .insert(tenants)
    .values({ name: 'bench', title: 'Bench', theme: coldwatchTheme })
    .returning({ id: tenants.id });
  const tenantId = tenant!.id;
  const hexacodes = Array.from({ length: spec.devices }, (_, i) => benchHexacode(i));
  await db.insert(devices).values(
    hexacodes.map((hexacode) => ({
      tenantId,
      hexacode,
      model: 'CC-410',
      name: hexacode,
      type: 'REAL_DEVICE' as const,
    })),
  );
  const rows = hexacodes.flatMap((hexacode) =>
    spec.lines.flatMap(([department, page, line]) =>
      Array.from({ length: spec.pcNumbers }, (_, pc) => ({
        tenantId,
        hexacode,
        department: 1,
        subDepartment: department,
        page,
        line,
        pcNumber: pc + 1,
        intervalSeconds: spec.intervalSeconds,
        startAt: spec.startAt,
      })),
    ),
  );
  const bufferIds: number[] = [];
  for (let i = 0; i < rows.length; i += 5000) {
    const inserted = await db
      .insert(buffers)
      .values(rows.slice(i, i + 5000))
      .returning({ id: buffers.id });
    bufferIds.push(...inserted.map((r) => r.id));
  }
  return { tenantId, bufferIds };
}

/** Bytes of the history tables with their indexes and TOAST, and the samples they hold. */
export async function historyFootprint(handle: DatabaseHandle): Promise<{ bytes: number; samples: number }> {
  const size = (await handle.db.execute(
    sql`SELECT (pg_total_relation_size('history_staging') + pg_total_relation_size('history_chunks')
               + pg_total_relation_size('history_rollups'))::int8 AS bytes`,
  )) as { rows: { bytes: number | string }[] };
  // Samples are the non-NaN float32 values of the chunks plus the staged rows.
  const counted = (await handle.db.execute(
    sql`SELECT (SELECT count(*) FROM history_staging)::int8 AS staged,
               (SELECT coalesce(sum(length(samples) / 4), 0) FROM history_chunks)::int8 AS slots`,
  )) as { rows: { staged: number | string; slots: number | string }[] };
  const nanSlots = await countNaN(handle);
  const { staged, slots } = counted.rows[0]!;
  return { bytes: Number(size.rows[0]!.bytes), samples: Number(staged) + Number(slots) - nanSlots };
}

async function countNaN(handle: DatabaseHandle): Promise<number> {
  let nan = 0;
  let after = { bufferId: -1, firstAt: 0 };
  for (;;) {
    const page = (await handle.db.execute(
      sql`SELECT buffer_id, (extract(epoch from first_at) * 1000)::int8 AS first_at, samples FROM history_chunks
          WHERE (buffer_id, first_at) > (${after.bufferId}, to_timestamp(${after.firstAt}::float8 / 1000))
          ORDER BY buffer_id, first_at LIMIT 1000`,
    )) as { rows: { buffer_id: number; first_at: number | string; samples: Uint8Array }[] };
    if (page.rows.length === 0) return nan;
    for (const { samples } of page.rows) {
      const view = new DataView(samples.buffer, samples.byteOffset, samples.byteLength);
      for (let i = 0; i < samples.byteLength; i += 4) if (Number.isNaN(view.getFloat32(i, true))) nan++;
    }
    const last = page.rows.at(-1)!;
    after = { bufferId: Number(last.buffer_id), firstAt: Number(last.first_at) };
  }
}

/** CPU seconds (user + system) the local PostgreSQL servers' processes have used so far; 0 where /proc is not. */
export const postgresCpuSeconds = () => cpuSecondsOfProcessesNamed('postgres');

/**
 * An embedded database with a bench tenant of `devices` devices (one line each) and a log to fill that goes back
 * `minutes` minutes, an entry a minute (the audit trail's and the alarm history's benches): `start` is its first
 * minute.
 */
export async function openMinuteLog(devices: number, minutes: number) {
  const { handle, dispose } = await openBenchDatabase('embedded');
  const start = Date.now() - minutes * 60_000;
  const { tenantId } = await seedBench(handle, {
    devices,
    lines: [[0, 1, 1]],
    pcNumbers: 1,
    intervalSeconds: 60,
    startAt: new Date(start),
  });
  return { handle, dispose, tenantId, start };
}
