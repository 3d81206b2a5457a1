import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createDatabase, type Database } from '../../db/client';
import { users } from '../../db/schema';
import { describeEachBackend, TEST_BACKEND } from '../../testing/backends';
import { useTestApp } from '../../testing/app';
import { eventually } from '../../testing/wait';
import { createOutbox } from './outbox';
import type { MailSettings } from './plugin';
import { startSmtpServer } from '../../testing/smtp';
import { parseMail, TestAlarmEvents, testOccurrence, useOutboxDir } from './testing';

/** Alarm e-mail on for `username`, to `addresses`; with `withoutDevices` the user loses the DEVICES grant. */
async function exportAlarms(
  db: Database,
  tenantId: string,
  username: string,
  addresses: string[],
  withoutDevices = false,
) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.username, username)));
  if (!row) throw new Error(`no user ${username}`);
  const settings = {
    ...row.settings,
    enableAlarmEmailExport: true,
    alarmEmailExportAddresses: addresses,
    dateFormat: 'yyyy-LL-dd HH:mm' as const,
  };
  const authorities = withoutDevices
    ? row.authorities.filter((a) => a.authority !== 'GRANT_DEVICES')
    : row.authorities;
  await db.update(users).set({ settings, authorities }).where(eq(users.id, row.id));
}

const FAST: Partial<MailSettings> = { pollMs: 20, retry: { baseMs: 60_000, maxMs: 60_000 } };

describeEachBackend('alarm e-mail through SMTP', (backend) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const mail: Partial<MailSettings> = { ...FAST };
  beforeAll(async () => {
    smtp = await startSmtpServer();
    mail.smtpUrl = smtp.url;
  });
  afterAll(() => smtp.close());
  const ctx = useTestApp(backend, { notifications: { mail } });
  const events = new TestAlarmEvents(() => ctx.handle.db);

  beforeAll(async () => {
    ctx.app.mail.listenTo(events);
    await ctx.app.ready();
    const demo = await testOccurrence(ctx.handle.db);
    const acme = await testOccurrence(ctx.handle.db, 'acme');
    await exportAlarms(ctx.handle.db, demo.tenantId, 'admin', ['ops@demo.example', 'night@demo.example']);
    // May not see devices: gets no alarm e-mail even with export on.
    await exportAlarms(ctx.handle.db, demo.tenantId, 'secure', ['secure@demo.example'], true);
    // Another tenant's user: never hears of demo's alarms.
    await exportAlarms(ctx.handle.db, acme.tenantId, 'admin', ['ops@acme.example']);
  });

  it('sends a raised and a cleared alarm to the addresses of users who may see the device', async () => {
    const occurrence = await testOccurrence(ctx.handle.db);
    await events.announce({ type: 'alarm.raised', occurrence });
    const raised = await eventually(() => smtp.received[0], { what: 'the raised e-mail' });
    expect(raised.to).toEqual(['ops@demo.example', 'night@demo.example']);
    const { headers, text } = parseMail(raised.raw);
    expect(headers.subject).toBe('Alarm: High temperature on Dairy case 1, Dairy');
    expect(text).toContain('Device: Dairy case 1 (1A0101)');
    expect(text).toContain('Site: Store North');
    expect(text).toContain('Alarm: High temperature (HIGH_TEMPERATURE)');
    expect(text).toContain('Raised: 2026-01-15 03:04 UTC (2026-01-15T03:04:05.000Z)');
    expect(text).toContain('http://demo.localhost:8080/1A0101/1/0/pages/1');

    await events.announce({
      type: 'alarm.cleared',
      occurrence: { ...occurrence, clearedAt: new Date('2026-01-15T03:24:00Z') },
    });
    const cleared = await eventually(() => smtp.received[1], { what: 'the cleared e-mail' });
    expect(parseMail(cleared.raw).headers.subject).toBe('Cleared: High temperature on Dairy case 1, Dairy');
    expect(parseMail(cleared.raw).text).toContain('Cleared: 2026-01-15 03:24 UTC');
    await eventually(async () => (await outboxRows()).length === 0, { what: 'an empty outbox' });
    expect(smtp.received).toHaveLength(2);
  });

  it('names an alarm the catalogue does not know by its ADF name, else its code, and a department by number', async () => {
    const before = smtp.received.length;
    const occurrence = await testOccurrence(ctx.handle.db, 'demo', {
      code: 'X_42',
      adfName: null,
      departmentName: null,
      subDepartment: 2,
    });
    await events.announce({ type: 'alarm.raised', occurrence });
    const mailed = await eventually(() => smtp.received[before], { what: 'the e-mail' });
    expect(parseMail(mailed.raw).headers.subject).toBe('Alarm: X_42 on Dairy case 1, Department 1.2');
    await events.announce({
      type: 'alarm.raised',
      occurrence: { ...occurrence, code: 'Y_1', adfName: 'Door switch' },
    });
    const named = await eventually(() => smtp.received[before + 1], { what: 'the second e-mail' });
    expect(parseMail(named.raw).headers.subject).toContain('Alarm: Door switch');
  });

  it('keeps a mail the server refuses and sends it when the server accepts again', async () => {
    const before = smtp.received.length;
    smtp.state.refuse = true;
    await events.announce({ type: 'alarm.raised', occurrence: await testOccurrence(ctx.handle.db) });
    const [waiting] = await eventually(
      async () => {
        const rows = await outboxRows();
        return rows.length === 1 && rows[0]!.lastError ? rows : null;
      },
      { what: 'a failed attempt' },
    );
    expect(waiting!.lastError).toMatch(/try later/);
    expect(waiting!.failedAt).toBeNull();
    smtp.state.refuse = false;
    // Not before its back-off…
    expect(smtp.received).toHaveLength(before);
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(ctx.clock.now().getTime());
    // …then delivered, once.
    ctx.clock.advance(60_000);
    await eventually(() => smtp.received[before], { what: 'the retried e-mail' });
    await eventually(async () => (await outboxRows()).length === 0, { what: 'an empty outbox' });
    expect(smtp.received).toHaveLength(before + 1);
  });

  it('sends each queued mail once when two instances share the database', async () => {
    const second = createDatabase(ctx.handle.url);
    const other = await buildApp({
      config: { defaultTenant: 'demo', logLevel: 'silent' },
      db: second.db,
      clock: ctx.clock,
      logger: false,
      distDir: '/nonexistent-dist',
      mail,
    });
    try {
      await other.ready();
      const before = smtp.received.length;
      const { tenantId } = await testOccurrence(ctx.handle.db);
      const subjects = Array.from({ length: 20 }, (_, i) => `Once ${i}`);
      await createOutbox(ctx.handle.db, ctx.clock).enqueue(
        subjects.map((subject) => ({
          tenantId,
          channel: 'mail' as const,
          message: { to: ['ops@demo.example'], subject, text: 'once\n' },
        })),
      );
      ctx.app.mail.sender.wake();
      other.mail.sender.wake();
      // Once the outbox is empty every send has finished: a mail sent twice would be among those received.
      await eventually(async () => (await outboxRows()).length === 0, { what: 'the twenty e-mails sent' });
      const sent = smtp.received.slice(before).map((m) => parseMail(m.raw).headers.subject);
      expect(sent.sort()).toEqual([...subjects].sort());
    } finally {
      await other.close();
      await second.close();
    }
  });

  const outboxRows = () => createOutbox(ctx.handle.db, ctx.clock).waiting('mail');
});

describe('alarm e-mail without SMTP_URL', () => {
  const outbox = useOutboxDir('coldwatch-outbox-', { ...FAST, smtpUrl: undefined });
  const ctx = useTestApp(TEST_BACKEND, { notifications: { mail: outbox.settings } });

  it('writes each e-mail as an .eml file under the outbox directory', async () => {
    const events = new TestAlarmEvents(() => ctx.handle.db);
    ctx.app.mail.listenTo(events);
    await ctx.app.ready();
    const occurrence = await testOccurrence(ctx.handle.db);
    await exportAlarms(ctx.handle.db, occurrence.tenantId, 'operator', ['store@demo.example']);
    await events.announce({ type: 'alarm.raised', occurrence });
    const { headers, text } = parseMail(await outbox.firstMail());
    expect(headers.to).toBe('store@demo.example');
    expect(headers.from).toBe('Coldwatch alarms <alarms@localhost>');
    expect(headers.subject).toBe('Alarm: High temperature on Dairy case 1, Dairy');
    expect(text).toContain('Open the device page: http://demo.localhost:8080/1A0101/1/0/pages/1');
  });
});
