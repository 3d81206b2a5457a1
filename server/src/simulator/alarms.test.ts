import { describe, expect, it } from 'vitest';
import { en } from '#i18n/en';
import { loadAdfs } from '../gateway/adf/loader';
import { DepartmentAlarms } from './alarms';
import { SimulatedDevice } from './device';
import { demoFleet } from './fleet';
import { INCIDENTS_BY_KIND, happen } from './incidents';
import { ALARM_CODES_BY_KIND, evaporator, suctionGroup } from './physics';
import { seededRandom } from './random';

const ctx = { random: seededRandom(11), now: new Date(2026, 0, 15, 12), eventRate: 0 };
/** Runs a department's physics for `seconds` and gives every alarm list it showed, in order, without repeats. */
function alarmsSeen(sim: ReturnType<typeof evaporator>, seconds: number): string[] {
  const seen: string[] = [];
  for (let t = 0; t < seconds; t += 2) {
    sim.step(2, ctx);
    const now = sim.status().alarms.join(',');
    if (now !== seen.at(-1)) seen.push(now);
  }
  return seen;
}

describe('alarm codes', () => {
  it('every code the physics can raise is named by the ADFs and translated by the catalogue', async () => {
    const adfs = await loadAdfs();
    for (const adf of adfs.values()) {
      for (const kind of adf.doc.kinds) {
        const codes = ALARM_CODES_BY_KIND[kind.kind];
        expect(codes, kind.kind).toBeDefined();
        for (const code of codes!) {
          expect(adf.alarmName(code), `${adf.model} ${code}`).toBeTruthy();
          expect(en[`alarm.${code}` as keyof typeof en], code).toBeTruthy();
        }
      }
    }
    expect(adfs.get('CC-410')!.alarmName('HIGH_TEMPERATURE')).toBe('High temperature');
    expect(adfs.get('CC-410')!.alarmName('toString')).toBeUndefined();
    expect(en['alarm.DEVICE_LOST']).toBe('Device lost');
  });
});

describe('incidents in the physics', () => {
  it('a door left open on a dairy case raises DOOR_OPEN, then HIGH_TEMPERATURE, and both clear', () => {
    const s = evaporator('mt-case', seededRandom(3));
    s.values.defrostInterval = 48; // no timed defrost during the test
    alarmsSeen(s, 1800);
    expect(s.trigger?.('doorLeftOpen', 2400)).toBe(true);
    const seen = alarmsSeen(s, 2400 + 3600);
    expect(seen).toContain('DOOR_OPEN');
    expect(seen).toContain('HIGH_TEMPERATURE');
    expect(seen.at(-1)).toBe('');
  });

  it('a stuck defrost raises LONG_DEFROST past its maximum duration, and a compressor trip COMPRESSOR_FAULT', () => {
    const s = evaporator('mt-case', seededRandom(4));
    s.values.defrostInterval = 48;
    expect(s.trigger?.('longDefrost', 2700)).toBe(true);
    expect(alarmsSeen(s, 3 * 3600)).toEqual(expect.arrayContaining(['LONG_DEFROST']));
    expect(s.status().alarms).toEqual([]);
    const pack = suctionGroup('mt', seededRandom(5));
    expect(pack.trigger?.('compressorTrip', 600)).toBe(true);
    expect(alarmsSeen(pack, 1200)).toEqual(['COMPRESSOR_FAULT', '']);
  });
});

describe('forced alarms', () => {
  it('stay until forced clear, and a forced clear hides a physics alarm until the physics clear it', () => {
    const alarms = new DepartmentAlarms();
    alarms.force('HIGH_TEMPERATURE', true, []);
    expect(alarms.current([])).toEqual(['HIGH_TEMPERATURE']);
    expect(alarms.takeChanges(alarms.current(['DOOR_OPEN']))).toEqual({
      raised: ['DOOR_OPEN', 'HIGH_TEMPERATURE'],
      cleared: [],
    });
    alarms.force('DOOR_OPEN', false, ['DOOR_OPEN']);
    expect(alarms.current(['DOOR_OPEN'])).toEqual(['HIGH_TEMPERATURE']);
    expect(alarms.takeChanges(alarms.current(['DOOR_OPEN']))).toEqual({ raised: [], cleared: ['DOOR_OPEN'] });
    expect(alarms.current([])).toEqual(['HIGH_TEMPERATURE']);
    expect(alarms.current(['DOOR_OPEN'])).toEqual(['DOOR_OPEN', 'HIGH_TEMPERATURE']); // raised again later
    alarms.force('HIGH_TEMPERATURE', false, []);
    expect(alarms.current([])).toEqual([]);
  });
});

describe('fleet incidents', () => {
  it('pick a department that can have them, or drop a device off the network for a few minutes', async () => {
    const adfs = await loadAdfs();
    const devices = demoFleet.devices
      .filter((d) => d.tenant === 'demo')
      .map((d) => new SimulatedDevice(d, adfs.get(d.model)!, { url: 'mqtt://127.0.0.1:1', eventRate: 0 }));
    const random = seededRandom(42);
    const outcomes = Array.from({ length: 40 }, () => happen(devices, random));
    const events = new Set(outcomes.map((o) => o?.split(' ').at(-1)));
    // Nothing is connected here, so no device can be dropped; every incident hits a department.
    expect(outcomes.every((o) => o !== undefined)).toBe(true);
    for (const event of ['doorLeftOpen', 'longDefrost', 'sensorFault', 'compressorTrip']) {
      expect(events, event).toContain(event);
    }
    expect(Object.keys(INCIDENTS_BY_KIND)).toEqual(expect.arrayContaining(['evaporator', 'suction', 'zone']));
  });
});
