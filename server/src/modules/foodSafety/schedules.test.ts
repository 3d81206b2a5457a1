import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportSchedule } from '#contracts';
import { auditEntries, reportSendings } from '../../db/schema';
import { tokenOf, useTestApp } from '../../testing/app';
import { TEST_BACKEND } from '../../testing/backends';
import { useOutboxDir } from '../mail/testing';
import { businessGroupHexacode, call, pdfText, recordFixture } from './testing';

const DAY = 24 * 60 * 60_000;

/** The Subject header with its RFC 2047 encoded words (UTF-8, Q) decoded. */
function decodedSubject(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)![1]!.replace(/\r?\n[ \t]/g, ' ');
  return header.replace(/=\?UTF-8\?Q\?(.*?)\?=\s*/g, (_, q: string) =>
    Buffer.from(
      q
        .replace(/_/g, ' ')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8'),
  );
}

/** A store's daily report e-mailed as PDF through the outbox, on the test's clock. */
describe('scheduled food-safety reports', () => {
  const outbox = useOutboxDir('coldwatch-reports-', { pollMs: 20 });
  const ctx = useTestApp(TEST_BACKEND, { devices: true, notifications: { mail: outbox.settings } });
  const tokens: Record<string, string> = {};
  let store = '';

  beforeAll(async () => {
    tokens.operator = await tokenOf(ctx.app, 'operator', 'Operator123');
    store = await businessGroupHexacode(ctx.handle.db, 'Store 101 Copenhagen');
    await recordFixture(ctx.app, ctx.handle.db);
  });

  it('sends the day before at 06:00, once however often the job runs, the PDF attached and the sending recorded', async () => {
    // The test clock starts on the 15th: the schedule is made at noon of the fixture day, the 14th.
    ctx.clock.advance(Date.parse('2026-01-14T12:00:00Z') - ctx.clock.now().getTime());
    const body = {
      businessGroup: store,
      frequency: 'daily',
      recipients: ['chef@store.example'],
      timeZone: 'UTC',
    };
    const created = await call(ctx.app, tokens.operator!, 'POST', '/api/v2/reports/schedules', body);
    expect(created.statusCode, created.body).toBe(201);
    const schedule = created.json() as ReportSchedule;
    expect(schedule.nextRunAt).toBe('2026-01-15T06:00:00.000Z');
    expect(await ctx.app.reportSchedules.runDue()).toBe(0);

    ctx.clock.advance(Date.parse('2026-01-15T06:00:00Z') - ctx.clock.now().getTime());
    // Two instances' jobs at once: one claims the schedule, the other finds nothing due.
    const runs = await Promise.all([ctx.app.reportSchedules.runDue(), ctx.app.reportSchedules.runDue()]);
    expect(runs.sort()).toEqual([0, 1]);
    expect(await ctx.app.reportSchedules.runDue()).toBe(0);

    const sendings = await ctx.handle.db.select().from(reportSendings);
    expect(sendings).toHaveLength(1);
    expect(sendings[0]).toMatchObject({
      scheduleId: schedule.id,
      periodFrom: new Date('2026-01-14T00:00:00Z'),
      periodTo: new Date('2026-01-15T00:00:00Z'),
      recipients: ['chef@store.example'],
    });
    const raw = await outbox.firstMail('the report e-mail in the outbox');
    expect(raw).toContain('To: chef@store.example');
    expect(decodedSubject(raw)).toBe(
      'Food safety report: Store 101 Copenhagen, 14-01-2026 00:00 – 15-01-2026 00:00',
    );
    const pdf = /Content-Type: application\/pdf;[^]*?\n\n([A-Za-z0-9+/=\n]+)/.exec(
      raw.replace(/\r\n/g, '\n'),
    );
    const text = await pdfText(Buffer.from(pdf![1]!.replace(/\n/g, ''), 'base64'));
    expect(text).toContain('Dairy cases (1A0102 1.0)');
    expect(text).toContain('Peak 7.5 °C at 14-01-2026 10:25');

    const listed = await call(
      ctx.app,
      tokens.operator!,
      'GET',
      `/api/v2/reports/schedules?businessGroup=${store}`,
    );
    expect(listed.json()).toEqual([
      expect.objectContaining({
        id: schedule.id,
        nextRunAt: '2026-01-16T06:00:00.000Z',
        lastSentAt: expect.any(String),
      }),
    ]);
    ctx.clock.advance(DAY);
    expect(await ctx.app.reportSchedules.runDue()).toBe(1);
  });

  it('keeps schedules to their tenant and records who made and stopped them', async () => {
    // The clock moved days on: sign in again.
    tokens.operator = await tokenOf(ctx.app, 'operator', 'Operator123');
    tokens.acme = await tokenOf(ctx.app, 'operator', 'Operator123', 'acme');
    const foreign = await call(ctx.app, tokens.acme!, 'GET', '/api/v2/reports/schedules', undefined, 'acme');
    expect(foreign.json()).toEqual([]);
    const [schedule] = (
      await call(ctx.app, tokens.operator!, 'GET', '/api/v2/reports/schedules')
    ).json() as ReportSchedule[];
    const path = `/api/v2/reports/schedules/${schedule!.id}`;
    expect((await call(ctx.app, tokens.acme!, 'DELETE', path, undefined, 'acme')).statusCode).toBe(404);
    expect((await call(ctx.app, tokens.operator!, 'DELETE', path)).statusCode).toBe(204);
    const trail = await ctx.handle.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'report.schedule'))
      .orderBy(asc(auditEntries.id));
    expect(trail.map((e) => [e.username, e.before === null, e.after === null])).toEqual([
      ['operator', true, false],
      ['operator', false, true],
    ]);
    const bad = await call(ctx.app, tokens.operator!, 'POST', '/api/v2/reports/schedules', {
      businessGroup: store,
      frequency: 'hourly',
      recipients: ['x@y.example'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('frequency');
  });
});
