import { asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { FoodSafetyReport, Review } from '#contracts';
import { alarmOccurrences, auditEntries, tenants } from '../../db/schema';
import { signInAll, tokenOf, useTestApp } from '../../testing/app';
import { describeEachBackend } from '../../testing/backends';
import { insertReaders, READER_PASSWORDS } from '../../testing/readers';
import { insertUser } from '../../testing/users';
import { businessGroupHexacode, call, FIXTURE_DAY, pdfText, recordFixture } from './testing';

const FROM = FIXTURE_DAY;
const TO = '2026-01-15T00:00:00Z';
const CPH = 'Store 101 Copenhagen';
const ALARM_RAISED = '2026-01-14T10:20:00.000Z';

describeEachBackend('food-safety report', (backend) => {
  const ctx = useTestApp(backend, { devices: true });
  const tokens: Record<string, string> = {};
  let store = '';
  const get = (who: string, query: string, tenant = 'demo') =>
    call(ctx.app, tokens[who]!, 'GET', `/api/v2/reports/food-safety?${query}`, undefined, tenant);
  const report = async (query = `businessGroup=${store}&from=${FROM}&to=${TO}`) => {
    const response = await get('operator', query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as FoodSafetyReport;
  };
  const audited = (action: string) =>
    ctx.handle.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, action))
      .orderBy(asc(auditEntries.id));
  const dairy = (r: FoodSafetyReport) =>
    r.departments.find((d) => d.hexacode === '1A0102' && d.department === 1 && d.subDepartment === 0)!;

  beforeAll(async () => {
    await insertUser(ctx.handle.db, {
      username: 'nodevices',
      password: 'Nodevices1',
      authorities: [{ authority: 'GRANT_DASHBOARDS', type: 'WRITE' }],
    });
    await insertReaders(ctx.handle.db);
    await signInAll(ctx.app, tokens, {
      operator: 'Operator123',
      ...READER_PASSWORDS,
      nodevices: 'Nodevices1',
    });
    tokens.acme = await tokenOf(ctx.app, 'operator', 'Operator123', 'acme');
    store = await businessGroupHexacode(ctx.handle.db, CPH);
    await recordFixture(ctx.app, ctx.handle.db);
    // The case's high-temperature alarm, raised 20 minutes into the excursion and cleared before its end.
    const [demo] = await ctx.handle.db.select().from(tenants).where(eq(tenants.name, 'demo'));
    await ctx.handle.db.insert(alarmOccurrences).values({
      tenantId: demo!.id,
      hexacode: '1A0102',
      deviceName: 'Dairy cases',
      department: 1,
      subDepartment: 0,
      code: 'HIGH_TEMPERATURE',
      raisedAt: new Date(ALARM_RAISED),
      clearedAt: new Date('2026-01-14T10:55:00Z'),
    });
  });

  it('gives the day of a recorded case as worked out by hand: defrost excluded, gap flagged', async () => {
    const d = dairy(await report());
    expect(d.limit).toEqual({
      class: 'chilled',
      line: 'air',
      high: 5,
      low: null,
      graceDegrees: 2,
      graceMinutes: 30,
    });
    expect(d.isDefault).toBe(true);
    expect(d.interval).toBe(300);
    // 288 slots: 6 in defrost, 12 unrecorded, 270 judged; out of limits 12 + 2 slots of 5 min.
    expect(d.days).toEqual([
      {
        date: '2026-01-14',
        min: 3,
        max: 7.5,
        avg: 3.16, // (256 × 3 + 11 × 6 + 7.5 + 2 × 6.5) / 270 = 854.5 / 270
        timeInLimitsPct: 94.8, // (1350 − 70) / 1350
        minutesOutOfLimits: 70,
        defrostMinutes: 30,
        minutesWithoutData: 60,
        gap: true,
        excursions: 1,
        reviewedBy: null,
        reviewedAt: null,
      },
    ]);
  });

  it('finds the excursion with its peak and duration, not the brief rise within the grace', async () => {
    const d = dairy(await report());
    expect(d.excursions).toEqual([
      expect.objectContaining({
        id: `1A0102.1.0.${Date.parse('2026-01-14T10:00:00Z')}`,
        start: '2026-01-14T10:00:00.000Z',
        end: '2026-01-14T11:00:00.000Z',
        peak: 7.5,
        peakAt: '2026-01-14T10:25:00.000Z',
        minutes: 60,
        degreeMinutes: 67.5, // 11 × 1 °C × 5 min + 2.5 °C × 5 min
        direction: 'high',
        interruptedByGap: false,
        alarm: {
          id: expect.any(String),
          code: 'HIGH_TEMPERATURE',
          translation: 'High temperature',
          raisedAt: ALARM_RAISED,
        },
        correctiveAction: null,
        reviewedBy: null,
      }),
    ]);
    // Cases whose temperature nobody records are listed with every minute unrecorded, never as in limits.
    const frozen = (await report()).departments.find((c) => c.hexacode === '1A0104')!;
    expect(frozen.days[0]).toMatchObject({ minutesWithoutData: 1440, gap: true, timeInLimitsPct: null });
  });

  it('stores corrective actions and sign-offs, shown in the report, with the grants they need', async () => {
    const excursion = dairy(await report()).excursions[0]!.id;
    const action = { excursion, text: 'Product moved to the cold room, technician called' };
    const noGrant = await call(
      ctx.app,
      tokens.nodevices!,
      'PUT',
      '/api/v2/reports/food-safety/corrective-actions',
      action,
    );
    expect(noGrant.statusCode).toBe(403);
    const written = await call(
      ctx.app,
      tokens.viewer!,
      'PUT',
      '/api/v2/reports/food-safety/corrective-actions',
      action,
    );
    expect(written.statusCode, written.body).toBe(200);
    expect((written.json() as Review).correctiveActionBy).toBe('viewer');

    const signOff = (who: string, body: object) =>
      call(ctx.app, tokens[who]!, 'POST', '/api/v2/reports/food-safety/sign-offs', body);
    expect((await signOff('viewer', { excursion })).statusCode).toBe(403);
    expect((await signOff('operator', { excursion })).statusCode).toBe(200);
    const day = { hexacode: '1A0102', department: 1, subDepartment: 0, date: '2026-01-14' };
    expect((await signOff('operator', day)).statusCode).toBe(200);

    const d = dairy(await report());
    expect(d.excursions[0]).toMatchObject({
      correctiveAction: action.text,
      correctiveActionBy: 'viewer',
      reviewedBy: 'operator',
      reviewedAt: ctx.clock.now().toISOString(),
    });
    expect(d.days[0]).toMatchObject({ reviewedBy: 'operator' });
    expect((await audited('excursion.correctiveAction')).map((e) => e.username)).toEqual(['viewer']);
    expect((await audited('report.signOff')).map((e) => e.target)).toEqual([
      `1A0102.1.0/excursion/${excursion}`,
      '1A0102.1.0/day/2026-01-14',
    ]);
  });

  it('refuses to act on or sign off an excursion the case did not have, storing nothing', async () => {
    const real = dairy(await report()).excursions[0]!.id;
    // A minute after a real excursion began: the case was already out of limits, nothing began then.
    const [hexacode, department, subDepartment, start] = real.split('.');
    const invented = `${hexacode}.${department}.${subDepartment}.${Number(start) + 60_000}`;
    const notFound = {
      statusCode: 404,
      code: 'EXCURSION_NOT_FOUND',
      message: 'excursion: No excursion of this case began at that time',
    };
    const path = (endpoint: string) => `/api/v2/reports/food-safety/${endpoint}`;
    const acted = await call(ctx.app, tokens.operator!, 'PUT', path('corrective-actions'), {
      excursion: invented,
      text: 'Moved',
    });
    expect(acted.json()).toMatchObject(notFound);
    const signed = await call(ctx.app, tokens.operator!, 'POST', path('sign-offs'), { excursion: invented });
    expect(signed.json()).toMatchObject(notFound);
    expect(dairy(await report()).excursions.map((e) => e.id)).not.toContain(invented);
    expect((await audited('report.signOff')).map((e) => e.target)).not.toContain(
      `1A0102.1.0/excursion/${invented}`,
    );
  });

  it('refuses to sign off or act on what has not begun yet, and a day no calendar has', async () => {
    const send = (method: 'PUT' | 'POST', path: string, body: object) =>
      call(ctx.app, tokens.operator!, method, `/api/v2/reports/food-safety/${path}`, body);
    const answer = async (response: Awaited<ReturnType<typeof send>>) => [
      response.statusCode,
      response.json().message,
    ];
    const dayOf = (date: string) => ({ hexacode: '1A0102', department: 1, subDepartment: 0, date });
    // The test's clock stands at 2026-01-15 03:10 UTC: the 15th has begun (in UTC+14 it is evening), the 16th not.
    expect((await send('POST', 'sign-offs', dayOf('2026-01-15'))).statusCode).toBe(200);
    expect(await answer(await send('POST', 'sign-offs', dayOf('2026-01-16')))).toEqual([
      400,
      'date: This day has not begun yet',
    ]);
    expect(await answer(await send('POST', 'sign-offs', dayOf('2026-02-30')))).toEqual([
      400,
      'date: date is invalid',
    ]);
    const later = `1A0102.1.0.${ctx.clock.now().getTime() + 60_000}`;
    const notYet = [400, 'excursion: This excursion has not begun yet'];
    expect(await answer(await send('POST', 'sign-offs', { excursion: later }))).toEqual(notYet);
    expect(
      await answer(await send('PUT', 'corrective-actions', { excursion: later, text: 'Moved' })),
    ).toEqual(notYet);
  });

  it('lets DEVICES at WRITE change a limit, which the report then judges by', async () => {
    const limit = { class: 'custom', line: 'air', high: 8, low: 0, graceDegrees: 0, graceMinutes: 0 };
    const body = { hexacode: '1A0102', department: 1, subDepartment: 0, limit };
    const put = (who: string, payload: object) =>
      call(ctx.app, tokens[who]!, 'PUT', '/api/v2/reports/food-safety/limits', payload);
    expect((await put('viewer', body)).statusCode).toBe(403);
    expect((await put('operator', { ...body, limit: { ...limit, low: 9 } })).json().message).toContain('low');
    expect((await put('operator', { ...body, limit: { ...limit, line: 'product' } })).statusCode).toBe(400);
    expect((await put('operator', { ...body, department: 9 })).statusCode).toBe(404);
    expect((await put('operator', body)).statusCode).toBe(204);

    const d = dairy(await report());
    expect(d).toMatchObject({ limit, isDefault: false, excursions: [] });
    expect(d.days[0]).toMatchObject({ timeInLimitsPct: 100, minutesOutOfLimits: 0 });
    expect((await put('operator', { ...body, limit: null })).statusCode).toBe(204);
    expect(dairy(await report()).isDefault).toBe(true);
    // Both changes are in the audit trail, who and what before and after.
    const trail = await audited('limit.change');
    expect(trail.map((e) => [e.username, e.target, e.after])).toEqual([
      ['operator', '1A0102.1.0', limit],
      ['operator', '1A0102.1.0', { default: 'restored' }],
    ]);
    expect(trail[0]!.before).toMatchObject({ default: { class: 'chilled', high: 5 } });
  });

  it('writes a CSV row a case a day in the user’s date format', async () => {
    const response = await get('operator', `businessGroup=${store}&from=${FROM}&to=${TO}&format=csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = response.body.trim().split('\r\n');
    expect(header).toContain('Min °C');
    expect(rows).toHaveLength(7); // the store's seven cases, one day
    expect(rows[0]).toMatch(
      /^Store 101 Copenhagen,Dairy cases \(1A0102\),Evaporator 1,"Chilled, Air temperature: .*"/,
    );
    expect(rows[0]).toContain(',14-01-2026,3,7.5,3.16,94.8,70,30,60,Gap,1,operator,15-01-2026 03:10');
  });

  it('writes a PDF a reader can search: the case, its days, the excursion and its action, in German', async () => {
    const response = await get('leser', `businessGroup=${store}&from=${FROM}&to=${TO}&format=pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Lebensmittelsicherheit');
    expect(text).toContain('Dairy cases (1A0102 1.0)');
    expect(text).toContain('14-01-2026');
    expect(text).toContain('7,5'); // the peak, in German numbers
    expect(text).toContain('Alarm ausgelöst: Hohe Temperatur');
    expect(text).toContain('Product moved to the cold room, technician called');
  });

  it('refuses another tenant’s store and device as not found, and bad input with the field named', async () => {
    const foreign = await get('acme', `businessGroup=${store}&from=${FROM}&to=${TO}`, 'acme');
    expect(foreign.statusCode).toBe(404);
    expect((await get('acme', `device=1A0102&from=${FROM}&to=${TO}`, 'acme')).statusCode).toBe(404);
    const both = await get('operator', `businessGroup=${store}&device=1A0102&from=${FROM}&to=${TO}`);
    expect(both.statusCode).toBe(400);
    const exactlyOne = 'businessGroup: give either a businessGroup or a device hexacode, exactly one of them';
    expect(both.json().message).toBe(exactlyOne);
    const neither = await get('operator', `from=${FROM}&to=${TO}`);
    expect([neither.statusCode, neither.json().message]).toEqual([400, exactlyOne]);
    const backwards = await get('operator', `device=1A0102&from=${TO}&to=${FROM}`);
    expect(backwards.json().message).toContain('to');
    const yearZero = await get('operator', `device=1A0102&from=0000-01-01T00:00:00Z&to=${TO}`);
    expect(yearZero.statusCode).toBe(400);
    expect(yearZero.json().message).toContain('from');
    // The format alone would take 30 February (JavaScript's Date makes it 2 March): it is no day at all.
    const noSuchDay = await get('operator', `device=1A0102&from=2026-02-30T00:00:00Z&to=${TO}`);
    expect([noSuchDay.statusCode, noSuchDay.json().message]).toEqual([400, 'from: from is invalid']);
    expect((await get('nodevices', `device=1A0102&from=${FROM}&to=${TO}`)).statusCode).toBe(403);
  });
});
