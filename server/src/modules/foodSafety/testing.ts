import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Database } from '../../db/client';
import { businessGroups, tenants } from '../../db/schema';
import { hostOf } from '../../testing/app';
import { insertBuffer } from '../history/testing';

/**
 * A recorded day of a dairy case (1A0102, department 1.0, CC-410) on 2026-01-14 UTC, one sample every 5 minutes,
 * whose figures are worked out by hand in food-safety.test.ts:
 * - 3.0 °C throughout, but
 * - 06:00–06:30 a defrost (defrost state 1) at 9.0 °C: excluded;
 * - 10:00–11:00 too warm, 6.0 °C with a peak of 7.5 °C at 10:25: an excursion of 60 min;
 * - 16:40–16:50 a brief rise to 6.5 °C: out of limits for 10 min, tolerated by the grace (2 °C, 30 min);
 * - 20:00–21:00 nothing recorded: a gap.
 */
export const FIXTURE_DAY = '2026-01-14T00:00:00Z';
const SLOTS = 288;

function fixtureSamples(): { air: Float32Array; defrost: Float32Array } {
  const air = new Float32Array(SLOTS).fill(3);
  const defrost = new Float32Array(SLOTS).fill(0);
  for (let i = 72; i < 78; i++) {
    air[i] = 9;
    defrost[i] = 1;
  }
  for (let i = 120; i < 132; i++) air[i] = 6;
  air[125] = 7.5;
  air[200] = 6.5;
  air[201] = 6.5;
  for (let i = 240; i < 252; i++) air[i] = NaN;
  return { air, defrost };
}

/** Records the fixture day into new buffers of PC number 9 (air: page 1 line 1, defrost: page 1 line 5). */
export async function recordFixture(app: FastifyInstance, db: Database, hexacode = '1A0102'): Promise<void> {
  const { air, defrost } = fixtureSamples();
  const startAt = new Date(FIXTURE_DAY);
  for (const [line, values] of [
    [1, air],
    [5, defrost],
  ] as const) {
    const id = await insertBuffer(db, { hexacode, line, pcNumber: 9, intervalSeconds: 300, startAt });
    await app.history.importSamples(id, startAt, 300, values);
  }
}

export async function businessGroupHexacode(db: Database, name: string, tenant = 'demo'): Promise<string> {
  const [row] = await db
    .select({ hexacode: businessGroups.hexacode })
    .from(businessGroups)
    .innerJoin(tenants, eq(tenants.id, businessGroups.tenantId))
    .where(and(eq(tenants.name, tenant), eq(businessGroups.name, name)));
  return row!.hexacode;
}

export function call(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  tenant = 'demo',
) {
  return app.inject({
    method,
    url,
    headers: { host: hostOf(tenant), authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}

/** The text of every page of a PDF, as a reader would copy it. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join('\n');
}
