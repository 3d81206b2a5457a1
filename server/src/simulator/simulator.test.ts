import { describe, expect, it } from 'vitest';
import { loadAdfs } from '../gateway/adf/loader';
import { demoCredential, demoFleet, validateFleet } from './fleet';
import { airHandlingUnit, evaporator, suctionGroup, zone } from './physics';
import { seededRandom } from './random';

const ctx = (hour: number) => ({ random: seededRandom(7), now: new Date(2026, 0, 15, hour), eventRate: 0 });
const run = (sim: { step: (dt: number, c: ReturnType<typeof ctx>) => void }, seconds: number, hour = 12) => {
  const c = ctx(hour);
  for (let t = 0; t < seconds; t += 2) sim.step(2, c);
};

describe('demo fleet', () => {
  it('matches the ADFs and has the shape the demo needs', async () => {
    validateFleet(demoFleet, await loadAdfs());
    const demo = demoFleet.devices.filter((d) => d.tenant === 'demo');
    expect(demo.length).toBeGreaterThanOrEqual(12);
    expect(new Set(demo.map((d) => d.businessGroup).filter(Boolean)).size).toBeGreaterThanOrEqual(2);
    expect(demo.some((d) => !d.businessGroup)).toBe(true);
    expect(demoFleet.devices.filter((d) => d.tenant === 'acme').length).toBeGreaterThanOrEqual(3);
    expect(demoFleet.virtualDevices.map((v) => v.tenant)).toEqual(expect.arrayContaining(['demo', 'acme']));
    expect(demo[0]!.credential).toBe(demoCredential('demo', demo[0]!.hexacode));
  });
});

describe('physics', () => {
  it('a case holds its setpoint and follows a new one', () => {
    const s = evaporator('lt-case', seededRandom(1));
    s.values.defrostInterval = 48;
    run(s, 3600);
    expect(Math.abs((s.values.airTemp as number) - -21)).toBeLessThan(2.5);
    s.values.setpoint = -18;
    run(s, 3600);
    expect(Math.abs((s.values.airTemp as number) - -17)).toBeLessThan(2.5);
  });

  it('a manual defrost warms the evaporator and ends by itself', () => {
    const s = evaporator('mt-case', seededRandom(2));
    s.values.manualDefrost = 1;
    s.onWrite?.('manualDefrost');
    expect(s.values.defrostState).toBe(1);
    const evapBefore = s.values.evapTemp as number;
    run(s, 300);
    expect(s.values.defrostState).toBe(1);
    expect(s.values.evapTemp as number).toBeGreaterThan(evapBefore + 3);
    run(s, 3600);
    expect(s.values.defrostState).toBe(0);
  });

  it('a suction group stages compressors to hold its setpoint', () => {
    const s = suctionGroup('mt', seededRandom(3));
    run(s, 1800);
    expect(Math.abs((s.values.suctionTemp as number) - -8)).toBeLessThan(2.5);
    expect(s.values.stagesRunning as number).toBeGreaterThan(0);
    s.values.suctionSetpoint = -14;
    run(s, 1800);
    expect(s.values.suctionTemp as number).toBeLessThan(-11);
  });

  it('a zone follows the comfort setpoint while occupied and the economy one at night', () => {
    const z = zone(seededRandom(4));
    run(z, 4 * 3600, 12);
    expect(Math.abs((z.values.zoneTemp as number) - 21)).toBeLessThan(1);
    run(z, 6 * 3600, 2);
    expect(z.values.occupied).toBe(0);
    expect(z.values.zoneTemp as number).toBeLessThan(19.5);
    const ahu = airHandlingUnit(seededRandom(5));
    run(ahu, 600, 12);
    expect(ahu.values.fanSpeed as number).toBeGreaterThan(0);
    ahu.values.occupancyMode = 4;
    run(ahu, 60, 12);
    expect(ahu.values.fanSpeed).toBe(0);
  });
});
