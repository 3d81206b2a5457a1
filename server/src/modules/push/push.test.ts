import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PushPayload } from '#contracts';
import * as v from 'valibot';
import { pushSubscriptions, users, vapidKeys } from '../../db/schema';
import { describeEachBackend } from '../../testing/backends';
import { hostOf, tokenOf, useTestApp } from '../../testing/app';
import { eventually } from '../../testing/wait';
import { createOutbox } from '../mail/outbox';
import { TestAlarmEvents, testOccurrence } from '../mail/testing';
import type { PushSettings } from './plugin';
import { browserKeys, startTestPushService, testPushAgent } from './testing';

describeEachBackend('web push', (backend) => {
  let service: Awaited<ReturnType<typeof startTestPushService>>;
  const push: Partial<PushSettings> = {
    pollMs: 20,
    agent: testPushAgent(),
    retry: { baseMs: 60_000, maxMs: 60_000, giveUpAfterMs: 3_600_000 },
  };
  beforeAll(async () => {
    // '/gone…' is an expired subscription; '/flaky' is a push service that fails once, then accepts.
    let flaky = 0;
    service = await startTestPushService((path) => {
      if (path.startsWith('/gone')) return 410;
      if (path === '/flaky') return flaky++ === 0 ? 503 : 201;
      return 201;
    });
  });
  afterAll(() => service.close());
  const ctx = useTestApp(backend, { notifications: { push } });
  const events = new TestAlarmEvents(() => ctx.handle.db);
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    ctx.app.push.listenTo(events);
    tokens.admin = await tokenOf(ctx.app, 'admin', 'Admin123');
    tokens.operator = await tokenOf(ctx.app, 'operator', 'Operator123');
    tokens.acme = await tokenOf(ctx.app, 'admin', 'Admin123', 'acme');
  });

  const call = (method: 'GET' | 'POST', url: string, who: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: {
        host: hostOf(who === 'acme' ? 'acme' : 'demo'),
        ...(tokens[who] ? { authorization: `Bearer ${tokens[who]}` } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  const subscribe = (who: string, path: string, keys = browserKeys()) =>
    call('POST', '/api/v2/subscribe', who, {
      endpoint: service.url(path),
      keys: keys.keys,
      expirationTime: null,
    });
  const pushesTo = (path: string) => service.received.filter((p) => p.path === path);
  const outbox = () => createOutbox(ctx.handle.db, ctx.clock);
  /** Every queued push sent (or given up): what was queued has reached the push service by then. */
  const pushesSettled = () =>
    eventually(async () => (await outbox().waiting('push')).every((row) => row.failedAt), {
      what: 'every queued push sent',
    });
  const payloadOf = (keys: ReturnType<typeof browserKeys>, body: Buffer) =>
    v.parse(PushPayload, JSON.parse(keys.decrypt(body)));

  it('gives one VAPID public key, made once and kept in the database', async () => {
    expect((await call('GET', '/api/v2/key', 'nobody')).statusCode).toBe(401);
    const first = await call('GET', '/api/v2/key', 'admin');
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json<{ publicKey: string }>();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect((await call('GET', '/api/v2/key', 'acme')).json()).toEqual({ publicKey });
    // A token of another tenant is unknown on this tenant's host.
    const crossed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v2/key',
      headers: { host: hostOf('demo'), authorization: `Bearer ${tokens.acme}` },
    });
    expect(crossed.statusCode).toBe(401);
    const [stored] = await ctx.handle.db.select().from(vapidKeys);
    expect(stored!.publicKey).toBe(publicKey);
  });

  it('refuses a subscription that is not an https endpoint with base64url keys', async () => {
    const keys = browserKeys().keys;
    const cases: [object, string][] = [
      [{ endpoint: 'http://push.example/x', keys }, 'endpoint: Endpoint must be an https URL'],
      [{ endpoint: 'not a url', keys }, 'endpoint: Endpoint must be a URL'],
      [{ endpoint: service.url('/a'), keys: { ...keys, p256dh: 'abc' } }, 'keys.p256dh: p256dh must be'],
      [{ endpoint: service.url('/a'), keys: { ...keys, auth: 'a+b/' } }, 'keys.auth: auth must be 16 bytes'],
      [{ endpoint: service.url('/a') }, 'keys: Keys is required'],
    ];
    for (const [body, message] of cases) {
      const response = await call('POST', '/api/v2/subscribe', 'admin', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(
      (await call('POST', '/api/v2/subscribe', 'nobody', { endpoint: service.url('/a'), keys })).statusCode,
    ).toBe(401);
  });

  it('answers a test notification to each of the user’s browsers, 404 without one', async () => {
    const none = await call('GET', '/api/v2/test-notification', 'operator');
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('PUSH_NOT_SUBSCRIBED');

    const browser = browserKeys();
    const saved = await subscribe('operator', '/operator-test', browser);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ endpoint: service.url('/operator-test'), keys: browser.keys });
    const sent = await call('GET', '/api/v2/test-notification', 'operator');
    expect(sent.json()).toEqual({ delivered: 1, failed: 0, removed: 0 });
    const [received] = pushesTo('/operator-test');
    expect(received!.headers['content-encoding']).toBe('aes128gcm');
    const { publicKey } = (await call('GET', '/api/v2/key', 'operator')).json<{ publicKey: string }>();
    expect(received!.headers.authorization).toContain(`k=${publicKey}`);
    const payload = payloadOf(browser, received!.body);
    expect(payload.title).toBe('Test notification');
    expect(payload.data.route).toBe('/');
  });

  it('keeps the subscription with the session that made it, and forgets it on unsubscribe', async () => {
    const browser = browserKeys();
    await subscribe('admin', '/admin-session', browser);
    const [session] = await ctx.handle.db
      .select({ tokenHash: pushSubscriptions.sessionTokenHash })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, service.url('/admin-session')));
    const { tenantId: tenant } = await testOccurrence(ctx.handle.db);
    expect(await ctx.app.push.repository.ofSession(tenant, session!.tokenHash!)).toEqual({
      endpoint: service.url('/admin-session'),
      keys: browser.keys,
    });
    // Another user's endpoint is not this user's to remove.
    const foreign = await call(
      'GET',
      `/api/v2/unsubscribe?endpoint=${encodeURIComponent(service.url('/operator-test'))}`,
      'admin',
    );
    expect(foreign.statusCode).toBe(204);
    expect((await call('GET', '/api/v2/test-notification', 'operator')).json().delivered).toBe(1);
    const own = await call('GET', '/api/v2/unsubscribe', 'admin');
    expect(own.statusCode).toBe(204);
    expect(await ctx.app.push.repository.ofSession(tenant, session!.tokenHash!)).toBeNull();
  });

  it('never moves a subscription to another tenant, nor to another user unless the request brings its keys', async () => {
    tokens.acmeOperator = await tokenOf(ctx.app, 'operator', 'Operator123', 'acme');
    const post = (who: string, tenant: string, keys: ReturnType<typeof browserKeys>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v2/subscribe',
        headers: { host: hostOf(tenant), authorization: `Bearer ${tokens[who]}` },
        payload: { endpoint: service.url('/acme-admin-browser'), keys: keys.keys, expirationTime: null },
      });
    const ownerOf = async () =>
      (
        await ctx.handle.db
          .select({ userId: pushSubscriptions.userId, tenantId: pushSubscriptions.tenantId, ...keyColumns })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.endpoint, service.url('/acme-admin-browser')))
      )[0];
    const browser = browserKeys();
    expect((await post('acme', 'acme', browser)).statusCode).toBe(200);
    const stored = await ownerOf();

    // demo's operator posts acme's administrator's endpoint: with other keys, and even with the same ones.
    for (const keys of [browserKeys(), browser]) {
      const refused = await post('operator', 'demo', keys);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'PUSH_SUBSCRIPTION_TAKEN' });
      expect(await ownerOf()).toEqual(stored);
    }
    // Another user of acme without the browser's keys cannot take it either.
    expect((await post('acmeOperator', 'acme', browserKeys())).statusCode).toBe(409);
    expect(await ownerOf()).toEqual(stored);

    // The same browser subscription (a shared store browser, someone else signed in): it moves to them.
    expect((await post('acmeOperator', 'acme', browser)).statusCode).toBe(200);
    const moved = await ownerOf();
    expect(moved).toMatchObject({ tenantId: stored!.tenantId, ...browser.keys });
    expect(moved!.userId).not.toBe(stored!.userId);
    // Its own user may give it new keys (the browser subscribed again).
    const renewed = browserKeys();
    expect((await post('acmeOperator', 'acme', renewed)).statusCode).toBe(200);
    expect(await ownerOf()).toMatchObject({ userId: moved!.userId, ...renewed.keys });
  });

  it('forgets a browser when its session signs out: a shared browser shows no alarms of the user who left', async () => {
    tokens.leaving = await tokenOf(ctx.app, 'operator', 'Operator123');
    await subscribe('leaving', '/shared-browser');
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { host: hostOf('demo'), authorization: `Bearer ${tokens.leaving}` },
    });
    expect(logout.statusCode).toBeLessThan(300);
    const left = await ctx.handle.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, service.url('/shared-browser')));
    expect(left).toEqual([]);
  });

  it('pushes a raised alarm to every browser of every user who may see the device, and drops a gone one', async () => {
    const admin = browserKeys();
    const gone = browserKeys();
    const acme = browserKeys();
    const blind = browserKeys();
    await subscribe('admin', '/alarm-admin', admin);
    await subscribe('admin', '/gone-admin', gone);
    await subscribe('acme', '/alarm-acme', acme);
    // The 'secure' user loses the DEVICES grant: its browser gets no alarm pushes.
    const occurrence = await testOccurrence(ctx.handle.db);
    const [secure] = await ctx.handle.db
      .update(users)
      .set({ authorities: [{ authority: 'GRANT_DASHBOARDS', type: 'WRITE' }] })
      .where(and(eq(users.username, 'secure'), eq(users.tenantId, occurrence.tenantId)))
      .returning({ id: users.id });
    await ctx.handle.db.insert(pushSubscriptions).values({
      tenantId: occurrence.tenantId,
      userId: secure!.id,
      endpoint: service.url('/alarm-blind'),
      ...blind.keys,
    });

    await events.announce({ type: 'alarm.raised', occurrence });
    const [received] = await eventually(
      () => {
        const found = pushesTo('/alarm-admin');
        return found.length > 0 ? found : null;
      },
      { what: 'the alarm push' },
    );
    expect(payloadOf(admin, received!.body)).toEqual({
      title: 'Alarm: High temperature',
      body: 'Dairy case 1, Dairy, raised 15-01-2026 03:04 UTC',
      tag: `alarm-${occurrence.id}`,
      data: { route: '/1A0101/1/0/pages/1', hexacode: '1A0101', department: 1, subDepartment: 0, page: 1 },
    });
    await eventually(() => pushesTo('/operator-test').length >= 2, { what: "the operator's alarm push" });
    await eventually(async () => !(await endpointExists('/gone-admin')), {
      what: 'the gone subscription removed',
    });
    // Other tenants and users who may not see devices hear nothing: once every queued push is sent, none was theirs.
    await pushesSettled();
    expect(pushesTo('/alarm-acme')).toHaveLength(0);
    expect(pushesTo('/alarm-blind')).toHaveLength(0);
    // Cleared and acknowledged alarms are not pushed.
    const count = service.received.length;
    await events.announce({ type: 'alarm.cleared', occurrence: { ...occurrence, clearedAt: new Date() } });
    await pushesSettled();
    expect(service.received).toHaveLength(count);
  });

  it('retries a push the push service could not take, after its back-off', async () => {
    const browser = browserKeys();
    await subscribe('operator', '/flaky', browser);
    const occurrence = await testOccurrence(ctx.handle.db, 'demo', { code: 'DOOR_OPEN' });
    await events.announce({ type: 'alarm.raised', occurrence });
    const [failed] = await eventually(
      async () => {
        const rows = await outbox().waiting('push');
        return rows.length === 1 && rows[0]!.lastError ? rows : null;
      },
      { what: 'the failed first attempt recorded' },
    );
    // Not before its back-off: the push service heard it once, and the row waits for a later time.
    expect(pushesTo('/flaky')).toHaveLength(1);
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(ctx.clock.now().getTime());
    ctx.clock.advance(60_000);
    await eventually(() => pushesTo('/flaky').length === 2, { what: 'the retry' });
    expect(payloadOf(browser, pushesTo('/flaky')[1]!.body).title).toBe('Alarm: Door open too long');
  });

  const keyColumns = { p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth };
  const endpointExists = async (path: string) =>
    (
      await ctx.handle.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, service.url(path)))
    ).length > 0;
});
