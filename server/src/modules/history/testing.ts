import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { HistoryQueryInput, HistoryResult } from '#contracts';
import type { Database } from '../../db/client';
import { buffers, tenants } from '../../db/schema';
import { hostOf } from '../../testing/app';

/** What the history tests share: buffers made directly in the database, and the query over HTTP. */

export interface TestBuffer {
  tenant?: string;
  hexacode: string;
  department?: number;
  subDepartment?: number;
  page?: number;
  line?: number;
  pcNumber?: number;
  intervalSeconds: number;
  startAt: Date;
}

/** Inserts a buffer row (as the buffer rules would) and answers its id. */
export async function insertBuffer(db: Database, spec: TestBuffer): Promise<number> {
  const [tenant] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.name, spec.tenant ?? 'demo'));
  const [row] = await db
    .insert(buffers)
    .values({
      tenantId: tenant!.id,
      hexacode: spec.hexacode,
      department: spec.department ?? 1,
      subDepartment: spec.subDepartment ?? 0,
      page: spec.page ?? 1,
      line: spec.line ?? 1,
      pcNumber: spec.pcNumber ?? 1,
      intervalSeconds: spec.intervalSeconds,
      startAt: spec.startAt,
    })
    .returning({ id: buffers.id });
  return row!.id;
}

/** Samples of a buffer as stored: staged and packed (NaN gaps left out), by time. */
export async function storedSamples(
  db: Database,
  bufferId: number,
): Promise<{ at: number; value: number }[]> {
  const staged = (await db.execute(
    sql`SELECT (extract(epoch from at) * 1000)::int8 AS at, value FROM history_staging WHERE buffer_id = ${bufferId}`,
  )) as { rows: { at: number | string; value: number }[] };
  const chunks = (await db.execute(
    sql`SELECT (extract(epoch from first_at) * 1000)::int8 AS first_at, interval_seconds, samples
        FROM history_chunks WHERE buffer_id = ${bufferId}`,
  )) as { rows: { first_at: number | string; interval_seconds: number; samples: Uint8Array }[] };
  const samples = staged.rows.map((r) => ({ at: Number(r.at), value: r.value }));
  for (const chunk of chunks.rows) {
    const view = new DataView(chunk.samples.buffer, chunk.samples.byteOffset, chunk.samples.byteLength);
    for (let i = 0; i < chunk.samples.byteLength / 4; i++) {
      const value = view.getFloat32(i * 4, true);
      const at = Number(chunk.first_at) + i * chunk.interval_seconds * 1000;
      if (!Number.isNaN(value)) samples.push({ at, value });
    }
  }
  return samples.sort((a, b) => a.at - b.at);
}

/** POST /api/v2/history/query as `token` of `tenant`. */
export function queryHistory(
  app: FastifyInstance,
  token: string,
  body: HistoryQueryInput | Record<string, unknown>,
  tenant = 'demo',
) {
  return app.inject({
    method: 'POST',
    url: '/api/v2/history/query',
    headers: { host: hostOf(tenant), authorization: `Bearer ${token}` },
    payload: body,
  });
}

/** The query's answer, failing the test on any status but 200. */
export async function historyOf(
  app: FastifyInstance,
  token: string,
  body: HistoryQueryInput,
): Promise<HistoryResult> {
  const response = await queryHistory(app, token, body);
  if (response.statusCode !== 200) throw new Error(`history query: ${response.statusCode} ${response.body}`);
  return response.json() as HistoryResult;
}

/** A series request of CC-410 line `line` of page 1, department 1.0, by default. */
export const seriesOf = (hexacode: string, extra: Partial<HistoryQueryInput['series'][number]> = {}) => ({
  id: `${hexacode}-${extra.page ?? 1}.${extra.line ?? 1}-${extra.pcNumber ?? 1}`,
  hexacode,
  department: 1,
  subDepartment: 0,
  page: 1,
  line: 1,
  pcNumber: 1,
  ...extra,
});
