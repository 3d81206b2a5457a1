import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/wait';
import type { LineView } from './gateway';
import { MAX_CLOCK_AHEAD_MS } from './protocol';
import { type GatewayBench, startGatewayBench, testDevice } from './testing';

/** Device clocks that lie, over real MQTT/TCP against the embedded broker (docs/device-protocol.md, "Clocks"). */
const CASE = testDevice('0C0C01');
const FAR_FUTURE = 9_000_000_000_000_000;

describe('device clocks', () => {
  let bench: GatewayBench;
  let client: MqttClient;

  const values = (ts: number, airTenths: number) => ({
    v: 1,
    type: 'values',
    ts,
    values: { '1.1': airTenths, '1.6': 0 },
  });
  const sendValues = (ts: number, airTenths: number) =>
    bench.publish(client, bench.topics.values('demo', CASE.hexacode, 1, 0), values(ts, airTenths), true);
  const airTemperature = async () => {
    const { lines } = await bench.gateway.readLines({
      tenant: 'demo',
      hexacode: CASE.hexacode,
      department: 1,
      subDepartment: 0,
      page: 1,
    });
    return lines.find((line: LineView) => line.number === 1)?.value;
  };
  const clockAhead = () => bench.gateway.metrics().rejected.clock_ahead ?? 0;

  beforeAll(async () => {
    bench = await startGatewayBench([CASE]);
    client = await bench.connectAs(CASE, true);
    await bench.online(client, CASE, ['1.0']);
    await sendValues(Date.now(), 31);
    await eventually(async () => (await airTemperature()) === '3.1', { what: 'first values' });
  });
  afterAll(() => bench?.stop());

  it('refuses values stamped far ahead, and the next message with a sane clock flows', async () => {
    await sendValues(FAR_FUTURE, 999);
    await eventually(() => clockAhead() === 1, { what: 'the far-future message refused' });
    expect(await airTemperature(), 'the refused values are not taken').toBe('3.1');

    for (const [i, tenths] of [42, 43, 44].entries()) {
      await sendValues(Date.now() + i, tenths);
      await eventually(async () => (await airTemperature()) === (tenths / 10).toFixed(1), {
        what: `${tenths} shown`,
      });
    }
    expect(clockAhead()).toBe(1);
  });

  it('refuses statuses and alarms stamped far ahead too, and the device recovers across offline and online', async () => {
    const status = bench.topics.status('demo', CASE.hexacode);
    await bench.publish(client, status, { v: 1, type: 'status', online: false, ts: FAR_FUTURE }, true);
    const alarm = {
      v: 1,
      type: 'alarm',
      department: '1.0',
      code: 'DOOR_OPEN',
      state: 'RAISED',
      ts: FAR_FUTURE,
    };
    await bench.publish(client, bench.topics.alarms('demo', CASE.hexacode), alarm);
    await eventually(() => clockAhead() === 3, { what: 'status and alarm refused' });
    expect(bench.gateway.isOnline('demo', CASE.hexacode), 'the refused offline status changed nothing').toBe(
      true,
    );
    const doorAlarms = bench.events.filter((e) => e.type === 'AlarmChanged' && e.code === 'DOOR_OPEN');
    expect(doorAlarms, 'no alarm dated in the future').toEqual([]);

    await bench.publish(client, status, { v: 1, type: 'status', online: false, ts: Date.now() }, true);
    await eventually(() => !bench.gateway.isOnline('demo', CASE.hexacode), { what: 'offline' });
    await bench.online(client, CASE, ['1.0']);
    await sendValues(Date.now(), 60);
    await eventually(async () => (await airTemperature()) === '6.0', { what: 'values after coming back' });
  });

  it('lets a clock a little ahead through, and refuses one past the allowed drift', async () => {
    const before = bench.gateway.metrics().accepted;
    await sendValues(Date.now() + MAX_CLOCK_AHEAD_MS - 60_000, 50);
    await eventually(async () => (await airTemperature()) === '5.0', { what: 'a minute of drift accepted' });
    expect(bench.gateway.metrics().accepted).toBe(before + 1);

    await sendValues(Date.now() + MAX_CLOCK_AHEAD_MS + 60_000, 51);
    await eventually(() => clockAhead() === 4, { what: 'six minutes ahead refused' });
    expect(await airTemperature()).toBe('5.0');
  });
});
