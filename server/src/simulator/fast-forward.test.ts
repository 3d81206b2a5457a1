import { describe, expect, it } from 'vitest';
import { type AdfRegistry, loadAdfs } from '../gateway/adf/loader';
import { type AlarmTransition, fastForward } from './fast-forward';
import { demoFleet } from './fleet';

const HOUR = 3_600_000;
const FROM = Date.parse('2026-01-10T00:00:00Z');
const device = (hexacode: string) => demoFleet.devices.find((d) => d.hexacode === hexacode)!;
// Dairy cases (CC-410): air temperature, defrost state, door; compressor pack (PK-850): compressor 1.
const AIR = { department: 1, subDepartment: 0, page: 1, line: 1 };
const DEFROST = { ...AIR, line: 5 };
const DOOR = { ...AIR, line: 6 };
const COMP1 = { department: 1, subDepartment: 0, page: 3, line: 1 };

describe('fast-forwarded history', () => {
  let adfs: AdfRegistry;
  const run = async (hexacode: string, lines: object[], extra: object = {}) => {
    adfs ??= await loadAdfs();
    const spec = device(hexacode);
    return fastForward(spec, adfs.get(spec.model)!, lines as never, {
      from: FROM,
      to: FROM + 48 * HOUR,
      intervalSeconds: 300,
      eventRate: 0,
      ...extra,
    });
  };

  it('samples every interval, as the controller reports it, and the same way every time', async () => {
    const [air] = await run('1A0102', [AIR]);
    expect(air).toHaveLength(576);
    const values = [...air!];
    expect(values.every((v) => Number.isFinite(v) && v > -5 && v < 12)).toBe(true);
    expect(values.every((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-3)).toBe(true); // 0.1 °C steps
    expect([...(await run('1A0102', [AIR]))[0]!]).toEqual(values);
  });

  it('shows defrost cycles, a door left open warming the case, and a compressor trip', async () => {
    const doorAt = FROM + 30 * HOUR;
    const [air, defrost, door] = await run('1A0102', [AIR, DEFROST, DOOR], {
      story: [{ at: doorAt, department: 1, subDepartment: 0, event: 'doorLeftOpen', seconds: 1200 }],
    });
    const defrosts = [...defrost!].filter((state, k, all) => state === 1 && all[k - 1] === 0).length;
    expect(defrosts).toBeGreaterThanOrEqual(6); // every 6 hours over two days
    const k = (doorAt - FROM) / (300 * 1000);
    expect(door![k + 1]).toBe(1);
    expect(Math.max(...air!.slice(k, k + 5))).toBeGreaterThan(Math.max(...air!.slice(k - 24, k - 12)) + 2);

    const [comp1] = await run('1A0101', [COMP1], {
      story: [{ at: doorAt, department: 1, subDepartment: 0, event: 'compressorTrip', seconds: 2400 }],
    });
    expect(comp1![k + 2]).toBe(2); // the ADF's 'Fault' option
  });

  it('reports the alarms the physics raise and clear: a compressor trip faults, then recovers', async () => {
    const tripAt = FROM + 30 * HOUR;
    const alarms: AlarmTransition[] = [];
    await run('1A0101', [COMP1], {
      story: [{ at: tripAt, department: 1, subDepartment: 0, event: 'compressorTrip', seconds: 2400 }],
      onAlarm: (t: AlarmTransition) => alarms.push(t),
    });
    const fault = alarms.filter((t) => t.code === 'COMPRESSOR_FAULT');
    expect(fault.map((t) => t.raised)).toEqual([true, false]);
    expect(fault[0]!.at).toBeGreaterThanOrEqual(tripAt);
    expect(fault[0]!.at).toBeLessThan(tripAt + 10 * 60_000);
    expect(fault[1]!.at - fault[0]!.at).toBeGreaterThanOrEqual(30 * 60_000);
  });

  it('leaves a gap while the device is offline and for a line the device does not have', async () => {
    const [air, unknown] = await run('1A0102', [AIR, { ...AIR, line: 99 }], {
      offline: [{ from: FROM + 10 * HOUR, to: FROM + 12 * HOUR }],
    });
    const gap = [...air!].map((v, k) => (Number.isNaN(v) ? k : -1)).filter((k) => k >= 0);
    expect(gap).toEqual(Array.from({ length: 24 }, (_, i) => 120 + i));
    expect([...unknown!].every(Number.isNaN)).toBe(true);
  });
});
