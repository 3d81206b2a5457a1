import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, tenants } from '../../db/schema';
import { TEST_BACKEND, type TestDatabase } from '../../testing/backends';
import { GENESIS_HASH, recordAudit, type AuditActor } from './trail';
import { verifyAllChains } from './verify';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../../cli/audit.ts', import.meta.url));

/** `npm run audit:verify` on the test database: its exit code and what it printed. */
const verifyCli = (url: string) =>
  run(process.execPath, ['--import', 'tsx', CLI], { env: { ...process.env, DATABASE_URL: url } }).then(
    (r) => ({ code: 0, stdout: r.stdout }),
    (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
  );

describe('the audit trail', () => {
  let database: TestDatabase;
  const actors: Record<'demo' | 'acme', AuditActor> = {} as never;
  beforeAll(async () => {
    database = await TEST_BACKEND.openSeeded('plain');
    for (const row of await database.db.select().from(tenants)) {
      if (row.name === 'demo' || row.name === 'acme') {
        actors[row.name] = { tenantId: row.id, userId: null, username: `${row.name}-tester` };
      }
    }
  });
  afterAll(() => database.dispose());

  const chainOf = (tenantId: string) =>
    database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.tenantId, tenantId))
      .orderBy(asc(auditEntries.seq));
  const change = (by: AuditActor, n: number) => ({
    by,
    action: 'line.write' as const,
    target: `0A1B2C/PARAM_SETPOINT`,
    hexacode: '0A1B2C',
    before: { value: n, unit: '°C', nested: { b: 1, a: [1, 2] } },
    after: { value: n + 1, unit: '°C', nested: { b: 1, a: [1, 2] } },
    at: new Date(Date.UTC(2026, 10, 28, 0, 0, n)),
  });

  it('links each entry to the one before it, numbered per tenant, and verifies', async () => {
    const first = await recordAudit(database.db, change(actors.demo, 1));
    const second = await recordAudit(database.db, change(actors.demo, 2));
    const other = await recordAudit(database.db, change(actors.acme, 3));
    expect([first.seq, second.seq, other.seq]).toEqual([1, 2, 1]);
    expect(first.prevHash).toBe(GENESIS_HASH);
    expect(second.prevHash).toBe(first.hash);
    expect(other.prevHash).toBe(GENESIS_HASH);
    expect(second.before).toEqual({ value: 2, unit: '°C', nested: { b: 1, a: [1, 2] } });
    expect((await verifyAllChains(database.db)).filter((r) => r.entries > 0)).toEqual([
      { tenant: 'acme', entries: 1, broken: null },
      { tenant: 'demo', entries: 2, broken: null },
    ]);
  });

  it('keeps one chain when many requests append at once over several connections', async () => {
    const before = (await chainOf(actors.demo.tenantId)).length;
    await Promise.all(Array.from({ length: 30 }, (_, n) => recordAudit(database.db, change(actors.demo, n))));
    const chain = await chainOf(actors.demo.tenantId);
    expect(chain.map((entry) => entry.seq)).toEqual(Array.from({ length: before + 30 }, (_, n) => n + 1));
    chain.slice(1).forEach((entry, n) => expect(entry.prevHash).toBe(chain[n]!.hash));
    expect((await verifyAllChains(database.db)).every((report) => report.broken === null)).toBe(true);
  });

  it('refuses to change or delete an entry', async () => {
    /** What PostgreSQL answered (Drizzle wraps it as the cause of its own error). */
    const refusal = (query: PromiseLike<unknown>) =>
      Promise.resolve(query).then(
        () => 'done',
        (error: Error) => (error.cause instanceof Error ? error.cause.message : error.message),
      );
    const before = await chainOf(actors.demo.tenantId);
    expect(await refusal(database.db.update(auditEntries).set({ username: 'someone else' }))).toBe(
      'audit entries are append-only: UPDATE refused',
    );
    expect(await refusal(database.db.delete(auditEntries))).toBe(
      'audit entries are append-only: DELETE refused',
    );
    expect(await refusal(database.db.execute(sql`truncate audit_entries`))).toBe(
      'audit entries are append-only: TRUNCATE refused',
    );
    expect(await chainOf(actors.demo.tenantId)).toEqual(before);
  });

  it('audit:verify names the first broken link of a tampered chain and fails', async () => {
    expect(await verifyCli(database.url)).toMatchObject({ code: 0 });
    const third = (await chainOf(actors.demo.tenantId))[2]!;
    // Someone with the owner's rights lifts the guard and edits an entry's after value.
    await database.db.execute(sql`alter table audit_entries disable trigger audit_entries_append_only`);
    await database.db
      .update(auditEntries)
      .set({ after: { value: 99 } })
      .where(eq(auditEntries.id, third.id));
    await database.db.execute(sql`alter table audit_entries enable trigger audit_entries_append_only`);

    const demo = (await verifyAllChains(database.db)).find((report) => report.tenant === 'demo');
    expect(demo?.broken).toEqual({ seq: 3, id: third.id, reason: 'hash' });
    const answer = await verifyCli(database.url);
    expect(answer.code).toBe(1);
    expect(answer.stdout).toContain(`demo: BROKEN at seq 3 (row id ${third.id})`);
    expect(answer.stdout).toContain('acme: 1 entry, chain intact');
  });
});
