import type { MqttClient } from 'mqtt';
import { beforeAll, expect, it } from 'vitest';
import type { AlarmEntry, AlarmHistoryPage, AlarmMarks } from '#contracts';
import type { Topics } from '../../gateway/protocol';
import { hostOf, tokenOf, useTestApp } from '../../testing/app';
import { describeEachBackend } from '../../testing/backends';
import { speakAsDevice } from '../../testing/devices';
import { eventually } from '../../testing/wait';
import type { AlarmEvent } from './events';

/**
 * Alarm delays and defrost suppression on what a controller says over MQTT: the warehouse cold room (CC-410) speaks
 * for its second evaporator (1.1), which its simulation leaves alone, so its device clock is ours to set.
 */
const HEXACODE = '2D0001';
const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** The CC-410 evaporator's defrost state line (page 1, line 5) and its recovery time in the ADF. */
const DEFROST_LINE = '1.5';
const RECOVERY = 1200 * SECOND;

describeEachBackend('alarm delays and defrost suppression', (backend) => {
  const ctx = useTestApp(backend, { devices: true });
  const heard: AlarmEvent[] = [];
  let admin: string;
  let operator: string;

  beforeAll(async () => {
    admin = await tokenOf(ctx.app, 'admin', 'Admin123');
    operator = await tokenOf(ctx.app, 'operator', 'Operator123');
    ctx.app.alarms.subscribe((event) => void heard.push(event));
    await ctx.app.ready();
  });

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, token = admin, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { host: hostOf('demo'), authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  /** Device time: minutes after the start of the test clock. */
  const start = () => ctx.clock.now().getTime();
  const raisesOf = (code: string) =>
    heard.filter(
      (e) => e.type === 'alarm.raised' && e.occurrence.code === code && e.occurrence.subDepartment === 1,
    );
  const bellCodes = async () =>
    (await call('GET', '/api/v2/alarms/'))
      .json<AlarmEntry[]>()
      .flatMap((entry) =>
        entry.alarms.filter((a) => a.hexacode === HEXACODE && a.subDepartment === 1).map((a) => a.code),
      );
  const history = async () =>
    (await call('GET', `/api/v2/alarms/history?hexacode=${HEXACODE}&department=1.1&sortDirection=ASC`))
      .json<AlarmHistoryPage>()
      .data.map(
        (row) => `${row.code} ${row.clearedAt ? 'cleared' : 'open'} ${row.suppressed ?? 'announced'}`,
      );
  /** Moves the server clock to `at` and announces what is due then, as the release timer does. */
  async function releaseAt(at: number) {
    ctx.clock.advance(at - ctx.clock.now().getTime());
    await ctx.app.alarms.store.release();
    await ctx.app.alarms.flush();
  }

  /** A conversation as the device: `say` publishes what it reports and waits until the server stored it. */
  async function asDevice(work: (say: Say) => Promise<void>) {
    await speakAsDevice(ctx.devices, 'demo', HEXACODE, async (client: MqttClient, topics: Topics) => {
      await client.publishAsync(
        topics.status('demo', HEXACODE),
        JSON.stringify({ v: 1, type: 'status', online: true }),
        {
          qos: 1,
        },
      );
      const stored = async (count: () => Promise<number>, before: number) => {
        await eventually(async () => (await count()) > before, { what: 'stored' });
        await ctx.app.alarms.flush();
      };
      await work({
        defrost: async (on, ts) => {
          const before = await defrostChanges();
          await client.publishAsync(
            topics.values('demo', HEXACODE, 1, 1),
            JSON.stringify({ v: 1, type: 'values', ts, values: { [DEFROST_LINE]: on ? 1 : 0 } }),
            { qos: 1 },
          );
          await stored(defrostChanges, before);
        },
        alarm: async (code, raised, ts) => {
          const before = await alarmChanges();
          await client.publishAsync(
            topics.alarms('demo', HEXACODE),
            JSON.stringify({
              v: 1,
              type: 'alarm',
              department: '1.1',
              code,
              state: raised ? 'RAISED' : 'CLEARED',
              ts,
            }),
            { qos: 1 },
          );
          await stored(alarmChanges, before);
        },
      });
    });
  }
  interface Say {
    defrost(on: boolean, ts: number): Promise<void>;
    alarm(code: string, raised: boolean, ts: number): Promise<void>;
  }
  /** Counts that grow with each stored start, end, raise and clear (the device's messages are stored when they do). */
  const defrostChanges = async () => {
    const { rows } = (await ctx.handle.pool.query(
      `SELECT count(*) + count(ended_at) AS n FROM department_defrosts WHERE hexacode = $1`,
      [HEXACODE],
    )) as { rows: { n: string }[] };
    return Number(rows[0]!.n);
  };
  const alarmChanges = async () => {
    const { rows } = (await ctx.handle.pool.query(
      `SELECT count(*) + count(cleared_at) AS n FROM alarm_occurrences WHERE hexacode = $1 AND sub_department = 1`,
      [HEXACODE],
    )) as { rows: { n: string }[] };
    return Number(rows[0]!.n);
  };

  it('raises an alarm only once its condition lasted the tenant’s delay, and keeps a shorter one as suppressed', async () => {
    expect((await call('PUT', '/api/v2/alarms/delays', operator, { delays: [] })).statusCode).toBe(403);
    const refused = await call('PUT', '/api/v2/alarms/delays', admin, {
      delays: [{ code: 'DOOR_OPEN', delaySeconds: -1 }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain('delaySeconds must not be negative');
    const saved = await call('PUT', '/api/v2/alarms/delays', admin, {
      delays: [{ code: 'DOOR_OPEN', delaySeconds: 120 }],
    });
    expect(saved.json()).toEqual({ delays: [{ code: 'DOOR_OPEN', delaySeconds: 120 }] });

    const t0 = start();
    heard.length = 0;
    await asDevice(async (say) => {
      // Open for a minute: shorter than the delay, nobody is told.
      await say.alarm('DOOR_OPEN', true, t0);
      await releaseAt(t0 + MINUTE);
      await say.alarm('DOOR_OPEN', false, t0 + MINUTE);
      await releaseAt(t0 + 3 * MINUTE);
      expect(raisesOf('DOOR_OPEN')).toHaveLength(0);
      expect(await history()).toEqual(['DOOR_OPEN cleared DELAY']);

      // Open again and still open when the delay is over: raised then, once, with the time it began.
      await say.alarm('DOOR_OPEN', true, t0 + 4 * MINUTE);
      await releaseAt(t0 + 5 * MINUTE);
      expect(await bellCodes()).toEqual([]);
      await releaseAt(t0 + 6 * MINUTE);
      await releaseAt(t0 + 7 * MINUTE);
      expect(raisesOf('DOOR_OPEN').map((e) => e.occurrence.raisedAt.getTime() - t0)).toEqual([4 * MINUTE]);
      expect(await bellCodes()).toEqual(['DOOR_OPEN']);
      await say.alarm('DOOR_OPEN', false, t0 + 8 * MINUTE);
    });
    expect(await bellCodes()).toEqual([]);
    expect(await history()).toEqual(['DOOR_OPEN cleared DELAY', 'DOOR_OPEN cleared announced']);
    await call('PUT', '/api/v2/alarms/delays', admin, { delays: [] });
  });

  it('holds temperature alarms during a defrost and its recovery, raises what outlasts them, and marks the chart with them and their acknowledgement', async () => {
    const t0 = start() + 10 * MINUTE;
    heard.length = 0;
    let acknowledgedId = '';
    await asDevice(async (say) => {
      await say.defrost(true, t0);
      // Warm during the defrost, cool again within the recovery: suppressed, never told.
      await say.alarm('HIGH_TEMPERATURE', true, t0 + 5 * MINUTE);
      await say.defrost(false, t0 + 20 * MINUTE);
      await releaseAt(t0 + 21 * MINUTE);
      await say.alarm('HIGH_TEMPERATURE', false, t0 + 25 * MINUTE);
      // A door alarm is no temperature alarm: a defrost does not hold it.
      await say.alarm('DOOR_OPEN', true, t0 + 30 * MINUTE);
      await say.alarm('DOOR_OPEN', false, t0 + 31 * MINUTE);
      // Warm again within the recovery and still warm after it: raised when the recovery ends.
      await say.alarm('HIGH_TEMPERATURE', true, t0 + 35 * MINUTE);
      await releaseAt(t0 + 20 * MINUTE + RECOVERY - SECOND);
      expect(raisesOf('HIGH_TEMPERATURE')).toHaveLength(0);
      await releaseAt(t0 + 20 * MINUTE + RECOVERY);
      expect(raisesOf('HIGH_TEMPERATURE').map((e) => e.occurrence.raisedAt.getTime() - t0)).toEqual([
        35 * MINUTE,
      ]);
      expect(await bellCodes()).toEqual(['HIGH_TEMPERATURE']);
      // The operator acknowledges it from the bell, with a comment, 10 minutes after it was raised.
      await releaseAt(t0 + 45 * MINUTE);
      const [raised] = (await call('GET', '/api/v2/alarms/'))
        .json<AlarmEntry[]>()
        .flatMap((entry) => entry.alarms.filter((a) => a.hexacode === HEXACODE && a.subDepartment === 1));
      acknowledgedId = raised!.id;
      const acknowledged = await call('POST', `/api/v2/alarms/${acknowledgedId}/acknowledge`, operator, {
        comment: 'Stock moved to the spare room',
      });
      expect(acknowledged.statusCode, acknowledged.body).toBe(204);
      await say.alarm('HIGH_TEMPERATURE', false, t0 + 60 * MINUTE);
    });
    expect(raisesOf('DOOR_OPEN')).toHaveLength(1);
    expect((await history()).slice(-3)).toEqual([
      'HIGH_TEMPERATURE cleared DEFROST',
      'DOOR_OPEN cleared announced',
      'HIGH_TEMPERATURE cleared announced',
    ]);

    // The chart's marks of the hour: the defrost, each alarm period with whether it was suppressed, and the
    // acknowledgement with who gave it, when and why.
    const iso = (offset: number) => new Date(t0 + offset).toISOString();
    const marks = (
      await call(
        'GET',
        `/api/v2/alarms/marks?hexacode=${HEXACODE}&department=1.1&from=${iso(0)}&to=${iso(61 * MINUTE)}`,
        operator,
      )
    ).json<AlarmMarks>();
    expect(marks.defrosts).toEqual([{ department: 1, subDepartment: 1, from: iso(0), to: iso(20 * MINUTE) }]);
    expect(marks.alarms.map((a) => [a.code, a.from, a.to, a.suppressed])).toEqual([
      ['HIGH_TEMPERATURE', iso(5 * MINUTE), iso(25 * MINUTE), true],
      ['DOOR_OPEN', iso(30 * MINUTE), iso(31 * MINUTE), false],
      ['HIGH_TEMPERATURE', iso(35 * MINUTE), iso(60 * MINUTE), false],
    ]);
    expect(marks.alarms[0]!.translation).toBe('High temperature');
    expect(marks.acknowledgements).toEqual([
      {
        id: acknowledgedId,
        department: 1,
        subDepartment: 1,
        code: 'HIGH_TEMPERATURE',
        at: iso(45 * MINUTE),
        by: 'operator',
        comment: 'Stock moved to the spare room',
      },
    ]);

    // A setpoint changed on the first evaporator is on the trail, and marked on the device's chart.
    const write = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v2/devices/pages/lines',
      headers: { host: hostOf('demo'), authorization: `Bearer ${admin}` },
      payload: { hexacode: HEXACODE, department: 1, subDepartment: 0, page: 2, line: 1, value: '1.5' },
    });
    expect(write.statusCode).toBe(200);
    const all = (
      await call(
        'GET',
        `/api/v2/alarms/marks?hexacode=${HEXACODE}&from=${iso(0)}&to=${iso(61 * MINUTE)}`,
        operator,
      )
    ).json<AlarmMarks>();
    expect(all.setpoints.map((s) => [s.department, s.subDepartment, s.line, s.to, s.by])).toEqual([
      [1, 0, 'Air temperature setpoint', '1.5 °C', 'admin'],
    ]);
    expect(all.setpoints[0]!.at).toBe(ctx.clock.now().toISOString());
    const bad = await call(
      'GET',
      `/api/v2/alarms/marks?hexacode=${HEXACODE}&from=${iso(10)}&to=${iso(0)}`,
      operator,
    );
    expect([bad.statusCode, bad.json<{ message: string }>().message]).toEqual([400, 'to must be after from']);
  });
});
