import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tenants, users } from '../../db/schema';
import { useTestApp } from '../../testing/app';
import { TEST_BACKEND } from '../../testing/backends';
import { parseMail, useOutboxDir } from './testing';

/** The real path: a device's alarm stored by the alarms module reaches the alarm e-mail (app.ts wires them). */
describe('alarm e-mail from a stored alarm', () => {
  const outbox = useOutboxDir('coldwatch-wiring-', { pollMs: 20 });
  const ctx = useTestApp(TEST_BACKEND, { devices: true, notifications: { mail: outbox.settings } });

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
    const { headers, text } = parseMail(await outbox.firstMail());
    expect(headers.to).toBe('ops@demo.example');
    expect(headers.subject).toMatch(/^Alarm: High temperature on /);
    expect(text).toMatch(/http:\/\/demo\.localhost:8080\/1A0102\/1\/0\/pages\/\d+/);
    expect(text).toContain('Raised: 15-01-2026 03:00 UTC (2026-01-15T03:00:00.000Z)');
  });
});
