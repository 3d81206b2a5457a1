import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../testing/wait';
import { STALENESS_SWEEP_MS } from './protocol';
import {
  averageAirOf,
  type GatewayBench,
  type ManualClock,
  manualClock,
  startGatewayBench,
  testDevice,
} from './testing';

/**
 * Stale values and silent devices over real MQTT/TCP, on a manual clock: the server decides (docs/device-protocol.md,
 * "Stale values"), from the device's own report times and its model's stale period (CC-410: 10 s).
 */
const CASE = testDevice('0D0D01');
/** The case's two departments (1/0 reports from the start, 1/1 only when a test sends it), and a virtual one over them. */
const FIRST_DEPARTMENT = { tenant: 'demo', hexacode: CASE.hexacode, department: 1, subDepartment: 0 };
const SECOND_DEPARTMENT = { ...FIRST_DEPARTMENT, subDepartment: 1 };
const VIRTUAL_DEPARTMENT = { ...FIRST_DEPARTMENT, hexacode: 'F0F0F0' };
const PERIOD_MS = 10_000;

describe('stale values and silent devices', () => {
  let clock: ManualClock;
  let bench: GatewayBench;
  let client: MqttClient;

  let raw = 0;
  /** Publishes department 1.0's values stamped `ts` and waits until the gateway took them. */
  const sendValues = async (ts: number) => {
    const sent = ++raw;
    const message = { v: 1, type: 'values', ts, values: { '1.1': sent } };
    await bench.publish(client, bench.topics.values('demo', CASE.hexacode, 1, 0), message, true);
    const address = {
      tenant: 'demo',
      hexacode: CASE.hexacode,
      department: 1,
      subDepartment: 0,
      page: 1,
      line: 1,
    };
    await eventually(() => bench.gateway.rawValue(address) === sent, { what: 'values taken' });
  };
  const silence = () =>
    bench.events.filter((e) => e.type === 'DeviceSilence' && e.hexacode === CASE.hexacode);
  /** Lets time pass on the server's clock, one staleness sweep at a time. */
  const pass = (ms: number) => {
    for (let left = ms; left > 0; left -= STALENESS_SWEEP_MS)
      clock.advance(Math.min(STALENESS_SWEEP_MS, left));
  };

  beforeAll(async () => {
    clock = manualClock(Date.parse('2026-11-27T12:00:00Z'));
    bench = await startGatewayBench([CASE], { clock });
    client = await bench.connectAs(CASE, true);
    await bench.online(client, CASE, ['1.0']);
  });
  beforeEach(async () => {
    await sendValues(clock.now());
    bench.events.splice(0);
  });
  afterAll(() => bench?.stop());

  it('knows when each department reported, and calls its values stale once older than the stale period', () => {
    const reported = clock.now();
    expect(bench.gateway.freshness(FIRST_DEPARTMENT)).toEqual({
      reportedAt: reported,
      stale: false,
    });
    expect(bench.gateway.freshness(SECOND_DEPARTMENT), 'never reported').toEqual({
      reportedAt: null,
      stale: false,
    });
    pass(PERIOD_MS);
    expect(bench.gateway.freshness(FIRST_DEPARTMENT).stale, 'exactly the period: current').toBe(false);
    pass(1);
    expect(bench.gateway.freshness(FIRST_DEPARTMENT)).toEqual({
      reportedAt: reported,
      stale: true,
    });
  });

  it('marks a device online that reports nothing silent, and not silent the moment it reports again', async () => {
    const reported = clock.now();
    pass(PERIOD_MS);
    expect(silence()).toEqual([]);
    pass(STALENESS_SWEEP_MS);
    expect(bench.gateway.isSilent('demo', CASE.hexacode)).toBe(true);
    expect(silence()).toEqual([
      { type: 'DeviceSilence', tenant: 'demo', hexacode: CASE.hexacode, silent: true, reportedAt: reported },
    ]);
    expect(bench.gateway.isOnline('demo', CASE.hexacode), 'silent is not offline').toBe(true);

    await sendValues(clock.now());
    expect(bench.gateway.isSilent('demo', CASE.hexacode)).toBe(false);
    expect(silence().at(-1)).toMatchObject({ silent: false, reportedAt: clock.now() });
    expect(bench.gateway.freshness(FIRST_DEPARTMENT).stale).toBe(false);
  });

  it('says nothing stale of a device offline: it is offline', async () => {
    pass(PERIOD_MS + STALENESS_SWEEP_MS);
    expect(bench.gateway.isSilent('demo', CASE.hexacode)).toBe(true);
    const status = bench.topics.status('demo', CASE.hexacode);
    await bench.publish(client, status, { v: 1, type: 'status', online: false }, true);
    await eventually(() => !bench.gateway.isOnline('demo', CASE.hexacode), { what: 'offline' });
    expect(bench.gateway.isSilent('demo', CASE.hexacode)).toBe(false);
    expect(silence().at(-1)).toMatchObject({ silent: false });
    expect(bench.gateway.freshness(FIRST_DEPARTMENT).stale).toBe(false);
    await bench.online(client, CASE, ['1.0']);
  });

  it('dates a virtual department by its oldest source, stale when one of them is', async () => {
    bench.gateway.setVirtualDevices('demo', [averageAirOf('F0F0F0', CASE.hexacode)]);
    const first = clock.now();
    pass(4_000);
    const message = { v: 1, type: 'values', ts: clock.now(), values: { '1.1': 20 } };
    await bench.publish(client, bench.topics.values('demo', CASE.hexacode, 1, 1), message, true);
    await eventually(() => bench.gateway.freshness(SECOND_DEPARTMENT).reportedAt !== null, {
      what: '1.1',
    });
    expect(bench.gateway.freshness(VIRTUAL_DEPARTMENT)).toEqual({ reportedAt: first, stale: false });
    pass(PERIOD_MS - 3_000);
    expect(bench.gateway.freshness(VIRTUAL_DEPARTMENT)).toEqual({ reportedAt: first, stale: true });
  });

  it('takes a report time ahead of the server as now, and one behind as it says', async () => {
    await sendValues(clock.now() + 120_000);
    expect(bench.gateway.freshness(FIRST_DEPARTMENT).reportedAt).toBe(clock.now());
    // Later snapshots order after that one (up to the allowed drift) and date themselves as they say.
    const behind = clock.now() + 150_000;
    pass(3 * 60_000);
    await sendValues(behind);
    expect(bench.gateway.freshness(FIRST_DEPARTMENT)).toEqual({ reportedAt: behind, stale: true });
  });
});
