import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants, users } from '../../db/schema';
import { useTestApp } from '../../testing/app';
import { TEST_BACKEND } from '../../testing/backends';
import { eventually } from '../../testing/wait';
import type { MailSettings } from './plugin';
import { parseMail } from './testing';

/** The real path: a device's alarm stored by the alarms module reaches the alarm e-mail (app.ts wires them). */
describe('alarm e-mail from a stored alarm', () => {
  let dir: string;
  const mail: Partial<MailSettings> = { pollMs: 20 };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'coldwatch-wiring-'));
    mail.outboxDir = dir;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const ctx = useTestApp(TEST_BACKEND, { devices: true, notifications: { mail } });

  it('writes the e-mail of an alarm a device raised', async () => {
    const { db } = ctx.handle;
    const [demo] = await db.select().from(tenants).where(eq(tenants.name, 'demo'));
    const [admin] = await db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, demo!.id), eq(users.username, 'admin')));
    await db
      .update(users)
      .set({
        settings: { enableAlarmEmailExport: true, alarmEmailExportAddresses: ['ops@demo.example'] },
      })
      .where(eq(users.id, admin!.id));
    await ctx.app.ready();
    ctx.app.alarms.store.handle({
      type: 'AlarmChanged',
      tenant: 'demo',
      hexacode: '1A0102',
      department: 1,
      subDepartment: 0,
      code: 'HIGH_TEMPERATURE',
      raised: true,
      at: Date.parse('2026-01-15T03:00:00Z'),
    });
    await ctx.app.alarms.flush();
    const [file] = await eventually(
      async () => {
        const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
        return files.length > 0 ? files : null;
      },
      { what: 'an .eml file' },
    );
    const { headers, text } = parseMail(await readFile(join(dir, file!), 'utf8'));
    expect(headers.to).toBe('ops@demo.example');
    expect(headers.subject).toMatch(/^Alarm: High temperature on /);
    expect(text).toMatch(/http:\/\/demo\.localhost:8080\/1A0102\/1\/0\/pages\/\d+/);
    expect(text).toContain('Raised: 15-01-2026 03:00 UTC (2026-01-15T03:00:00.000Z)');
  });
});
