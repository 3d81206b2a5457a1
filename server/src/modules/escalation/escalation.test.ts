import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { AlarmEntry, AlarmHistoryPage, EscalationPolicyInput, EscalationTestRun } from '#contracts';
import {
  alarmOccurrences,
  auditEntries,
  notificationOutbox,
  pushSubscriptions,
  tenants,
  users,
} from '../../db/schema';
import { hostOf, secondInstance, tokenOf, useTestApp } from '../../testing/app';
import { describeEachBackend } from '../../testing/backends';
import { changed, SPOKEN_FOR_DEVICES, STANDALONE } from '../alarms/testing';

const SECOND = 1000;
const NEVER = 24 * 60 * 60 * SECOND;

/**
 * Escalation (issue 31): an alarm nobody acknowledges tells each level once its delay passed, again every repeat
 * interval, until it is acknowledged or cleared; two instances running rounds together tell each step once. The
 * clock is the test's: rounds run when the test says, at the time it set.
 */
describeEachBackend('alarm escalation', (backend) => {
  // Rounds run when the test says, never by themselves in between.
  const ctx = useTestApp(backend, { devices: SPOKEN_FOR_DEVICES, escalationPollMs: NEVER });
  let second: FastifyInstance;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    second = await secondInstance(ctx, { escalationPollMs: NEVER });
    await ctx.app.ready();
    for (const app of [ctx.app, second]) {
      // Nothing sends: what escalation queued stays in the outbox to be read.
      await app.mail.sender.stop();
      await app.push.sender.stop();
    }
    tokens.admin = await tokenOf(ctx.app, 'admin', 'Admin123');
    tokens.operator = await tokenOf(ctx.app, 'operator', 'Operator123');
    const { db } = ctx.handle;
    const [demo] = await db.select().from(tenants).where(eq(tenants.name, 'demo'));
    const [acme] = await db.select().from(tenants).where(eq(tenants.name, 'acme'));
    for (const [key, tenant, username] of [
      ['admin', demo!, 'admin'],
      ['operator', demo!, 'operator'],
      ['acmeAdmin', acme!, 'admin'],
    ] as const) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, tenant.id), eq(users.username, username)));
      ids[key] = row!.id;
    }
    // The operator has an address now, and one browser subscribed to pushes.
    await db.update(users).set({ email: 'operator@demo.example' }).where(eq(users.id, ids.operator!));
    await db.insert(pushSubscriptions).values({
      tenantId: demo!.id,
      userId: ids.operator!,
      endpoint: 'https://push.invalid/operator',
      p256dh: 'p256dh',
      auth: 'auth',
    });
  });
  afterAll(async () => second?.close());
  beforeEach(async () => {
    await ctx.handle.db.delete(notificationOutbox);
  });

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, who = 'admin', payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { host: hostOf('demo'), authorization: `Bearer ${tokens[who]}` },
      ...(payload ? { payload } : {}),
    });
  const savePolicy = async (policy: EscalationPolicyInput) => {
    const saved = await call('PUT', '/api/v2/alarms/escalation', 'admin', policy);
    expect(saved.statusCode, saved.body).toBe(200);
  };
  /** The outbox rows of raises and clears (the pushes every raise has), which are not escalation's. */
  const ofDevices = new Set<number>();
  const outboxIds = async () => (await ctx.handle.db.select().from(notificationOutbox)).map((row) => row.id);
  /** Both instances hear the device, as they do from the broker. */
  const hear = async (code: string, raised: boolean) => {
    const before = new Set(await outboxIds());
    const event = changed(code, raised, ctx.clock.now().getTime());
    ctx.app.alarms.store.handle(event);
    second.alarms.store.handle(event);
    await Promise.all([ctx.app.alarms.flush(), second.alarms.flush()]);
    for (const id of await outboxIds()) if (!before.has(id)) ofDevices.add(id);
  };
  const idOf = async (code: string) => {
    const [row] = await ctx.handle.db
      .select({ id: alarmOccurrences.id })
      .from(alarmOccurrences)
      .where(and(eq(alarmOccurrences.code, code), eq(alarmOccurrences.hexacode, STANDALONE)));
    return row!.id;
  };
  /** Both instances run a round together, `seconds` after the last. */
  const after = async (seconds: number) => {
    ctx.clock.advance(seconds * SECOND);
    await Promise.all([ctx.app.escalation.tick(), second.escalation.tick()]);
  };
  /** Who was mailed and pushed since the test started, in the order queued: `address` or `push`. */
  const queued = async () => {
    const rows = await ctx.handle.db.select().from(notificationOutbox).orderBy(notificationOutbox.id);
    return rows
      .filter((row) => !ofDevices.has(row.id))
      .map((row) => (row.channel === 'mail' ? (row.message as { to: string[] }).to.join(',') : `push`));
  };
  /**
   * Whom an alarm of `code` reaches in the first round after it is raised, past the `earlier` entries queued before
   * it; the alarm is cleared again afterwards.
   */
  const reachedByOneAlarm = async (code: string, earlier = 0) => {
    await hear(code, true);
    await after(1);
    const reached = (await queued()).slice(earlier);
    await hear(code, false);
    return reached;
  };
  const subjects = async () =>
    (await ctx.handle.db.select().from(notificationOutbox).orderBy(notificationOutbox.id))
      .filter((row) => row.channel === 'mail')
      .map((row) => (row.message as { subject: string }).subject);
  const historyOf = async (code: string) => {
    const page = (await call('GET', '/api/v2/alarms/history?pageLength=100')).json<AlarmHistoryPage>();
    return page.data.find((row) => row.code === code && row.hexacode === STANDALONE)!;
  };
  /** The audit trail's entries of `action`: who, what. */
  const audited = async (action: string) =>
    (await ctx.handle.db.select().from(auditEntries).where(eq(auditEntries.action, action))).map(
      (entry) => `${entry.username}: ${entry.target}`,
    );
  const inBell = async (code: string) =>
    (await call('GET', '/api/v2/alarms/'))
      .json<AlarmEntry[]>()
      .some((entry) => entry.alarms.some((alarm) => alarm.code === code));

  it('refuses bad policies with 400 naming the field, others than administrators, and administrators acting as someone else', async () => {
    for (const [policy, field] of [
      [{ levels: [{ afterSeconds: -5, emails: ['a@b.example'] }] }, 'afterSeconds'],
      [{ levels: [{ afterSeconds: 0, emails: ['not-an-address'] }] }, 'emails'],
      [{ levels: [{ afterSeconds: 0, users: [ids.acmeAdmin] }] }, 'levels[0].users'],
      [
        {
          levels: [],
          priorities: { critical: { levels: [{ afterSeconds: 0, users: [crypto.randomUUID()] }] } },
        },
        'priorities.critical.levels[0].users',
      ],
      [
        {
          levels: [
            { afterSeconds: 600, emails: ['a@b.example'] },
            { afterSeconds: 60, emails: ['c@d.example'] },
          ],
        },
        'levels[1].afterSeconds: 60 is earlier than the level above it (600)',
      ],
      [
        {
          levels: [],
          priorities: { low: { levels: [{ afterSeconds: 60 }, { afterSeconds: 60 }, { afterSeconds: 0 }] } },
        },
        'priorities.low.levels[2].afterSeconds',
      ],
      [{ levels: [], repeatSeconds: 3 }, 'repeatSeconds'],
      [{ levels: [], timeZone: 'Mars/Olympus' }, 'timeZone'],
    ] as const) {
      const refused = await call('PUT', '/api/v2/alarms/escalation', 'admin', policy);
      expect(refused.statusCode, JSON.stringify(policy)).toBe(400);
      expect(refused.json<{ message: string }>().message).toContain(field);
    }
    expect((await call('PUT', '/api/v2/alarms/escalation', 'operator', { levels: [] })).statusCode).toBe(403);
    expect((await call('GET', '/api/v2/alarms/escalation', 'operator')).statusCode).toBe(403);
    const switched = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/account/switch/${ids.operator}`,
      headers: {
        host: hostOf('demo'),
        authorization: `Bearer ${await tokenOf(ctx.app, 'admin', 'Admin123')}`,
      },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    tokens.switched = switched.json<{ token: { id: string } }>().token.id;
    const asOperator = await call('PUT', '/api/v2/alarms/escalation', 'switched', { levels: [] });
    expect(asOperator.statusCode).toBe(403);
    expect(asOperator.json()).toMatchObject({ code: 'NOT_WHILE_SWITCHED' });
    // Unsaved, the policy has no levels and shelving's maximum is 8 hours.
    expect((await call('GET', '/api/v2/alarms/escalation')).json()).toMatchObject({
      levels: [],
      repeatSeconds: 0,
      maxShelveMinutes: 480,
    });
  });

  it('tells each level once its delay passed, repeats until acknowledged, once across two instances', async () => {
    await savePolicy({
      levels: [
        { afterSeconds: 0, emails: ['night-shift@demo.example'] },
        { afterSeconds: 60, users: [ids.operator!] },
      ],
      repeatSeconds: 120,
    });
    await hear('HIGH_TEMPERATURE', true);
    await after(1);
    expect(await queued()).toEqual(['night-shift@demo.example']);
    await after(30);
    expect(await queued()).toHaveLength(1);
    await after(30);
    // Level 2: the operator's address and browser.
    expect(await queued()).toEqual(['night-shift@demo.example', 'operator@demo.example', 'push']);
    expect((await subjects())[1]).toMatch(/^Not acknowledged \(level 2\): .* on Warehouse cold room/);
    await after(60);
    // 121 s after the raise: level 1's first repeat; level 2's comes 120 s after it was first told.
    expect(await queued()).toHaveLength(4);
    await after(60);
    expect((await queued()).slice(4)).toEqual(['operator@demo.example', 'push']);
    const id = await idOf('HIGH_TEMPERATURE');
    expect(
      (await call('POST', `/api/v2/alarms/${id}/acknowledge`, 'admin', { comment: 'on it' })).statusCode,
    ).toBe(204);
    await after(600);
    expect(await queued()).toHaveLength(6);
    // The alarm's record says who was told, how and when.
    const { notifications } = await historyOf('HIGH_TEMPERATURE');
    expect(notifications.map((n) => `${n.level}.${n.round} ${n.channel} ${n.recipient}`)).toEqual([
      '1.0 email night-shift@demo.example',
      '2.0 email operator@demo.example',
      '2.0 push operator',
      '1.1 email night-shift@demo.example',
      '2.1 email operator@demo.example',
      '2.1 push operator',
    ]);
    await hear('HIGH_TEMPERATURE', false);
    expect(await audited('escalation.change')).toContain('admin: alarm escalation policy');
  });

  it('stops at once when the alarm clears', async () => {
    await savePolicy({ levels: [{ afterSeconds: 0, emails: ['l1@demo.example'] }], repeatSeconds: 30 });
    await hear('DOOR_OPEN', true);
    await after(1);
    expect(await queued()).toHaveLength(1);
    await hear('DOOR_OPEN', false);
    await after(300);
    expect(await queued()).toHaveLength(1);
  });

  it('chooses the levels of the time band it is (working hours in the tenant time zone)', async () => {
    // 2026-01-15 is a Thursday; the test clock is past 03:00 UTC, before working hours in Paris.
    const policy = {
      levels: [
        { afterSeconds: 0, emails: ['store@demo.example'], band: 'working' as const },
        { afterSeconds: 0, emails: ['on-call@demo.example'], band: 'outside' as const },
      ],
      timeZone: 'Europe/Paris',
      workingHours: { days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00' },
    };
    await savePolicy(policy);
    expect(await reachedByOneAlarm('HIGH_TEMPERATURE')).toEqual(['on-call@demo.example']);
    // The same alarm in a working day's afternoon reaches the store.
    await savePolicy({ ...policy, workingHours: { days: [4], from: '00:00', to: '23:59' } });
    expect(await reachedByOneAlarm('HIGH_TEMPERATURE', 1)).toEqual(['store@demo.example']);
  });

  it("chooses the policy by the alarm's priority, the tenant's over the ADF's", async () => {
    await savePolicy({
      levels: [{ afterSeconds: 0, emails: ['usual@demo.example'] }],
      priorities: { critical: { levels: [{ afterSeconds: 0, emails: ['manager@demo.example'] }] } },
      codePriorities: { HIGH_TEMPERATURE: 'critical' },
    });
    await hear('HIGH_TEMPERATURE', true);
    await hear('DOOR_OPEN', true);
    await after(1);
    expect((await queued()).sort()).toEqual(['manager@demo.example', 'usual@demo.example']);
    await hear('HIGH_TEMPERATURE', false);
    await hear('DOOR_OPEN', false);
  });

  it("chooses the plan of the ADF's priority when the tenant does not rank the code", async () => {
    // CC-410 ranks HIGH_TEMPERATURE critical and says nothing of DOOR_OPEN (high by default).
    const policy = {
      levels: [{ afterSeconds: 0, emails: ['usual@demo.example'] }],
      priorities: {
        critical: { levels: [{ afterSeconds: 0, emails: ['manager@demo.example'] }] },
        low: { levels: [{ afterSeconds: 0, emails: ['next-day@demo.example'] }] },
      },
    };
    await savePolicy(policy);
    await hear('HIGH_TEMPERATURE', true);
    await after(1);
    expect(await queued()).toEqual(['manager@demo.example']);
    await hear('DOOR_OPEN', true);
    await after(1);
    expect((await queued()).slice(1)).toEqual(['usual@demo.example']);
    await hear('HIGH_TEMPERATURE', false);
    await hear('DOOR_OPEN', false);
    // The tenant's own rank of the code wins over the ADF's.
    await savePolicy({ ...policy, codePriorities: { HIGH_TEMPERATURE: 'low' } });
    expect(await reachedByOneAlarm('HIGH_TEMPERATURE', 2)).toEqual(['next-day@demo.example']);
  });

  it('runs the weekly test alarm to the first level once, and records it with its result', async () => {
    // Thursday 04:00 in Paris, which the clock has just passed.
    await savePolicy({
      levels: [{ afterSeconds: 0, emails: ['l1@demo.example'], users: [ids.operator!], channels: ['email'] }],
      timeZone: 'Europe/Paris',
      testAlarm: { day: 4, time: '04:00' },
    });
    await after(1);
    await after(1);
    expect(await queued()).toEqual(['operator@demo.example', 'l1@demo.example']);
    expect(await subjects()).toEqual(['Weekly test alarm', 'Weekly test alarm']);
    const runs = (await call('GET', '/api/v2/alarms/escalation/tests')).json<EscalationTestRun[]>();
    expect(runs[0]).toMatchObject({
      result: 'QUEUED',
      notified: [
        { channel: 'email', recipient: 'operator@demo.example' },
        { channel: 'email', recipient: 'l1@demo.example' },
      ],
    });
    await savePolicy({ levels: [] });
  });

  it('shelves an alarm out of the bell and escalation up to the maximum, with a reason; it returns when it runs out', async () => {
    await savePolicy({ levels: [{ afterSeconds: 0, emails: ['l1@demo.example'] }], maxShelveMinutes: 60 });
    await hear('PROBE_FAILURE', true);
    const id = await idOf('PROBE_FAILURE');
    const tooLong = await call('POST', `/api/v2/alarms/${id}/shelve`, 'operator', {
      minutes: 61,
      reason: 'probe',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ message: string }>().message).toContain('minutes');
    const noReason = await call('POST', `/api/v2/alarms/${id}/shelve`, 'operator', {
      minutes: 30,
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ message: string }>().message).toContain('reason');
    const shelved = await call('POST', `/api/v2/alarms/${id}/shelve`, 'operator', {
      minutes: 30,
      reason: 'Probe being replaced',
    });
    expect(shelved.statusCode, shelved.body).toBe(204);
    expect(await inBell('PROBE_FAILURE')).toBe(false);
    const at = ctx.clock.now().toISOString();
    expect((await call('GET', '/api/v2/alarms/shelved')).json()).toEqual([
      expect.objectContaining({
        id,
        by: 'operator',
        at,
        until: new Date(ctx.clock.now().getTime() + 30 * 60 * SECOND).toISOString(),
        reason: 'Probe being replaced',
      }),
    ]);
    await after(60);
    expect(await queued()).toEqual([]);
    // 30 minutes on, it is back in the bell and escalates.
    ctx.clock.advance(30 * 60 * SECOND);
    expect(await Promise.all([ctx.app.shelving.expire(), second.shelving.expire()])).toEqual(
      expect.arrayContaining([1, 0]),
    );
    expect(await inBell('PROBE_FAILURE')).toBe(true);
    expect((await call('GET', '/api/v2/alarms/shelved')).json()).toEqual([]);
    await after(1);
    expect(await queued()).toEqual(['l1@demo.example']);
    expect((await historyOf('PROBE_FAILURE')).shelvings).toEqual([
      expect.objectContaining({ by: 'operator', reason: 'Probe being replaced', endedBy: null }),
    ]);
  });

  it('unshelves an alarm back into the bell at once', async () => {
    const id = await idOf('PROBE_FAILURE');
    expect(
      (
        await call('POST', `/api/v2/alarms/${id}/shelve`, 'operator', {
          minutes: 20,
          reason: 'Checking the wiring',
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (await call('POST', `/api/v2/alarms/${id}/shelve`, 'operator', { reason: 'again' })).statusCode,
    ).toBe(409);
    expect(await inBell('PROBE_FAILURE')).toBe(false);
    expect((await call('DELETE', `/api/v2/alarms/${id}/shelve`, 'operator')).statusCode).toBe(204);
    expect(await inBell('PROBE_FAILURE')).toBe(true);
    expect((await call('DELETE', `/api/v2/alarms/${id}/shelve`, 'operator')).statusCode).toBe(404);
    const target = `alarm PROBE_FAILURE of Warehouse cold room (${STANDALONE}), department 1.0`;
    expect(await audited('alarm.shelve')).toEqual([`operator: ${target}`, `operator: ${target}`]);
    expect(await audited('alarm.unshelve')).toEqual([`operator: ${target}`]);
    const { shelvings } = await historyOf('PROBE_FAILURE');
    expect(shelvings[1]).toMatchObject({ reason: 'Checking the wiring', endedBy: 'operator' });
    await hear('PROBE_FAILURE', false);
  });
});
