import { beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AuditChain, AuditEntry, AuditPage, Session } from '#contracts';
import { auditEntries } from '../../db/schema';
import { hostOf, tokenOf, useTestApp } from '../../testing/app';
import { describeEachBackend } from '../../testing/backends';
import { userOf } from '../../testing/users';
import { verifyAllChains } from './verify';

const CASE = { hexacode: '1A0102', rawHexacode: '1A0102', department: 1, subDepartment: 0 };
const SETPOINT = { ...CASE, page: 2, line: 1 };
const COLD_ROOM = '2D0001';

describeEachBackend('the audit trail of what people changed', (backend) => {
  const ctx = useTestApp(backend, { devices: true });
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    tokens.admin = await tokenOf(ctx.app, 'admin', 'Admin123');
    tokens.operator = await tokenOf(ctx.app, 'operator', 'Operator123');
    tokens.acmeAdmin = await tokenOf(ctx.app, 'admin', 'Admin123', 'acme');
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    who: string,
    payload?: object,
    accept?: string,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: {
        host: hostOf(who.startsWith('acme') ? 'acme' : 'demo'),
        ...(tokens[who] ? { authorization: `Bearer ${tokens[who]}` } : {}),
        ...(accept ? { accept } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  const trail = async (query = '', who = 'admin') => {
    const answer = await call('GET', `/api/v2/audit${query}`, who);
    expect(answer.statusCode).toBe(200);
    return answer.json<AuditPage>().entries;
  };
  const newest = async (query = '') => (await trail(query))[0]!;

  it('records line writes, accepted and refused, with the value before and after', async () => {
    expect(
      (await call('PUT', '/api/v2/devices/pages/lines', 'operator', { ...SETPOINT, value: '4.5' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', '/api/v2/devices/pages/lines', 'operator', { ...SETPOINT, value: '50' })).statusCode,
    ).toBe(409);
    const [refused, accepted] = await trail('?hexacode=1a0102');
    expect(accepted).toMatchObject({
      user: 'operator',
      actingAs: null,
      action: 'line.write',
      target: '1A0102 1.0 page 2 line 1',
      hexacode: '1A0102',
      before: { status: 'OK', value: expect.any(String) },
      after: { value: '4.5', result: 'ACCEPTED' },
    });
    expect(refused).toMatchObject({
      action: 'line.write',
      before: { value: '4.5' },
      after: { value: '50', result: 'REFUSED' },
    });
    expect(refused!.prevHash).toBe(accepted!.hash);
    expect(refused!.seq).toBe(accepted!.seq + 1);
  });

  it('records an alarm acknowledgement with its comment', async () => {
    const at = ctx.clock.now().getTime();
    ctx.app.alarms.store.handle({
      type: 'AlarmChanged',
      tenant: 'demo',
      hexacode: COLD_ROOM,
      department: 1,
      subDepartment: 0,
      code: 'HIGH_TEMPERATURE',
      raised: true,
      at,
    });
    await ctx.app.alarms.flush();
    const entries = (await call('GET', '/api/v2/alarms/', 'operator')).json<
      { hexacode: string; alarms: { id: string }[] }[]
    >();
    const alarm = entries.find((entry) => entry.hexacode === COLD_ROOM)!.alarms[0]!;
    const url = `/api/v2/alarms/${alarm.id}/acknowledge`;
    expect((await call('POST', url, 'operator', { comment: 'door closed' })).statusCode).toBe(204);
    expect(await newest(`?hexacode=${COLD_ROOM}`)).toMatchObject({
      user: 'operator',
      action: 'alarm.acknowledge',
      target: expect.stringContaining(`${COLD_ROOM} 1.0 HIGH_TEMPERATURE`),
      before: { acknowledged: false },
      after: { acknowledged: true, comment: 'door closed' },
    });
  });

  it('records user administration: a new user with the grants of the role, disabling and enabling', async () => {
    const created = await call('POST', '/api/v2/admin/users', 'admin', {
      username: 'auditee',
      email: 'auditee@demo.example',
      role: 'operator',
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    expect((await call('POST', `/api/v2/admin/users/${id}/disable`, 'admin')).statusCode).toBe(200);
    expect((await call('POST', `/api/v2/admin/users/${id}/enable`, 'admin')).statusCode).toBe(200);
    const [enabled, disabled, made] = await trail('?limit=3');
    expect(made).toMatchObject({
      user: 'admin',
      action: 'user.create',
      target: 'user auditee',
      before: null,
      after: { role: 'operator', disabled: false, grants: expect.arrayContaining(['GRANT_DEVICES:WRITE']) },
    });
    expect(disabled).toMatchObject({
      action: 'user.disable',
      before: { disabled: false },
      after: { disabled: true },
    });
    expect(enabled).toMatchObject({
      action: 'user.enable',
      before: { disabled: true },
      after: { disabled: false },
    });
  });

  it('records a switch, what the administrator did as the account, and the switch back', async () => {
    const operator = await userOf(ctx.handle.db, 'operator');
    const admin = await tokenOf(ctx.app, 'admin', 'Admin123');
    tokens.switched = admin;
    const switched = await call('POST', `/api/v2/account/switch/${operator.id}`, 'switched');
    tokens.switched = switched.json<Session>().token.id;
    await call('PUT', '/api/v2/devices/pages/lines', 'switched', { ...SETPOINT, value: '3.5' });
    const back = await call('POST', '/api/v2/account/switch-back', 'switched');
    expect(back.statusCode).toBe(200);
    const [switchBack, write, switchTo] = await trail('?limit=3');
    expect(switchTo).toMatchObject({
      user: 'admin',
      actingAs: null,
      action: 'account.switch',
      target: 'user operator',
    });
    expect(write).toMatchObject({
      user: 'admin',
      actingAs: 'operator',
      action: 'line.write',
      after: { value: '3.5' },
    });
    expect(switchBack).toMatchObject({ user: 'admin', actingAs: 'operator', action: 'account.switchBack' });
    // Searching by the account finds what was done as it, too (the switch itself was the administrator's alone).
    expect((await trail('?user=operator&limit=2')).map((e) => e.action)).toEqual([
      'account.switchBack',
      'line.write',
    ]);
  });

  it('records a change of the alarm e-mail setting, not of the font size', async () => {
    const before = (await newest()).seq;
    const settings = (payload: object) => call('POST', '/api/v2/account/settings', 'operator', payload);
    expect((await settings({ fontSize: 18 })).statusCode).toBe(200);
    expect((await newest()).seq).toBe(before);
    const addresses = ['night@demo.example'];
    expect(
      (await settings({ enableAlarmEmailExport: true, alarmEmailExportAddresses: addresses })).statusCode,
    ).toBe(200);
    expect(await newest()).toMatchObject({
      seq: before + 1,
      user: 'operator',
      action: 'settings.alarms',
      before: { enableAlarmEmailExport: false, alarmEmailExportAddresses: [] },
      after: { enableAlarmEmailExport: true, alarmEmailExportAddresses: addresses },
    });
  });

  it('shows the trail to administrators of the tenant only, and never changes it', async () => {
    expect((await call('GET', '/api/v2/audit', 'operator')).json()).toMatchObject({ statusCode: 403 });
    expect((await call('GET', '/api/v2/audit', 'nobody')).statusCode).toBe(401);
    // acme's administrator sees acme's trail: none of demo's entries.
    expect(await trail('', 'acmeAdmin')).toEqual([]);
    const methods = ctx.app.routeTable
      .filter((r) => r.url.startsWith('/api/v2/audit'))
      .flatMap((r) => r.methods);
    expect([...new Set(methods)].sort()).toEqual(['GET', 'HEAD']);
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, object> }>();
    expect(Object.keys(doc.paths['/api/v2/audit']!)).toEqual(['get']);
  });

  it('filters by period and user, and refuses a bad query naming the field', async () => {
    const all = await trail('?limit=5000');
    const middle = all[Math.floor(all.length / 2)]!;
    const at = encodeURIComponent(middle.at);
    expect((await trail(`?from=${at}&to=${at}`)).every((e: AuditEntry) => e.at === middle.at)).toBe(true);
    expect((await trail('?user=admin')).every((e) => e.user === 'admin' || e.actingAs === 'admin')).toBe(
      true,
    );
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?from=yesterday', 'from'],
      ['?hexacode=XYZ', 'hexacode'],
      ['?action=line.delete', 'action'],
      ['?before=last', 'before'],
    ]) {
      const answer = await call('GET', `/api/v2/audit${query}`, 'admin');
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ message: string }>().message).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('filters by action, and pages by seq: each page the entries before the last one read', async () => {
    const writes = await trail('?action=line.write');
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.every((e) => e.action === 'line.write')).toBe(true);
    const all = await trail('?limit=5000');
    const first = await trail('?limit=3');
    const second = await trail(`?limit=3&before=${first.at(-1)!.seq}`);
    expect([...first, ...second].map((e) => e.seq)).toEqual(all.slice(0, 6).map((e) => e.seq));
    expect(await trail(`?before=${all.at(-1)!.seq}`)).toEqual([]);
  });

  it('answers CSV for format=csv and for Accept: text/csv, one row an entry', async () => {
    const entries = await trail();
    for (const answer of [
      await call('GET', '/api/v2/audit?format=csv', 'admin'),
      await call('GET', '/api/v2/audit', 'admin', undefined, 'text/csv'),
    ]) {
      expect(answer.headers['content-type']).toMatch(/^text\/csv/);
      const rows = answer.body.trimEnd().split('\r\n');
      expect(rows[0]).toBe('seq,at,user,actingAs,action,target,hexacode,before,after,prevHash,hash');
      expect(rows).toHaveLength(entries.length + 1);
      expect(rows[1]!.startsWith(`${entries[0]!.seq},${entries[0]!.at},`)).toBe(true);
      expect(rows[1]!.endsWith(`,${entries[0]!.prevHash},${entries[0]!.hash}`)).toBe(true);
    }
  });

  it('tells an administrator whether the chain holds, and where it stops holding', async () => {
    const chain = async () => (await call('GET', '/api/v2/audit/chain', 'admin')).json<AuditChain>();
    const all = await trail('?limit=5000');
    expect(await chain()).toEqual({ entries: all.length, broken: null });
    expect((await call('GET', '/api/v2/audit/chain', 'operator')).statusCode).toBe(403);
    // Someone with the owner's rights lifts the guard and edits an entry, then puts it back as it was.
    const edited = all.at(-2)!;
    const edit = async (after: unknown) => {
      const db = ctx.handle.db;
      await db.execute(sql`alter table audit_entries disable trigger audit_entries_append_only`);
      await db.update(auditEntries).set({ after }).where(eq(auditEntries.hash, edited.hash));
      await db.execute(sql`alter table audit_entries enable trigger audit_entries_append_only`);
    };
    await edit({ value: '99' });
    expect(await chain()).toEqual({ entries: edited.seq - 1, broken: { seq: edited.seq, reason: 'hash' } });
    await edit(edited.after);
    expect(await chain()).toEqual({ entries: all.length, broken: null });
  });

  it('keeps every tenant chain intact through all of it', async () => {
    const reports = await verifyAllChains(ctx.handle.db);
    expect(reports.find((r) => r.tenant === 'demo')).toMatchObject({
      broken: null,
      entries: expect.any(Number),
    });
    expect(reports.every((r) => r.broken === null)).toBe(true);
    expect(reports.find((r) => r.tenant === 'demo')!.entries).toBeGreaterThanOrEqual(10);
  });
});
