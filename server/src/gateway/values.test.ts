import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DeviceCache, type DeviceCacheHooks } from './device-cache';
import type { GatewayEvent } from './events';
import { silentLogger } from './logger';
import { isExactValuesMessage, ValuesMessage } from './protocol';

/** The values message's fast paths: they must change nothing the schema and the snapshot diff decided before. */
describe('values messages', () => {
  const message = (values: unknown, extra: object = {}) => ({
    v: 1,
    type: 'values',
    ts: 5,
    values,
    ...extra,
  });

  it('takes as it is only what the schema outputs unchanged, and leaves the rest to the schema', () => {
    const samples = [
      message({ '1.1': 3, '12.305': null, '2.1': -2147483648 }),
      message({}),
      // JSON makes __proto__ a key of its own, which the schema leaves out of its output.
      JSON.parse('{"v":1,"type":"values","ts":5,"values":{"1.1":3,"__proto__":1}}'),
      message([]),
      message({ '1.1': 1.5 }),
      message({ '1.1': 2147483648 }),
      message({ '12345.1': 3 }),
      message({ '1.1': 3 }, { ts: -1 }),
      message({ '1.1': 3 }, { firmware: 'x' }),
      message(Object.fromEntries(Array.from({ length: 2049 }, (_, i) => [`1.${i}`, 0]))),
      { v: 1, type: 'values', values: {} },
    ];
    for (const json of samples) {
      const checked = v.safeParse(ValuesMessage, json);
      if (isExactValuesMessage(json)) expect(checked.output).toEqual(json);
      if (!checked.success) expect(isExactValuesMessage(json)).toBe(false);
    }
    expect(samples.filter((json) => isExactValuesMessage(json))).toHaveLength(2);
  });

  it('reports the lines that changed, and forgets the ones a later snapshot leaves out', () => {
    const events: GatewayEvent[] = [];
    const hooks: DeviceCacheHooks = {
      emit: (event) => events.push(event),
      valuesArrived: () => {},
      sourceChanged: () => {},
      deviceOnlineChanged: () => {},
      isVirtual: () => false,
      now: () => 1_000,
      presenceHeard: () => {},
      reported: () => {},
    };
    const cache = new DeviceCache(hooks, silentLogger);
    const apply = (ts: number, values: Record<string, number | null>) =>
      cache.applyValues('demo', 'BE0001', 1, 0, { v: 1, type: 'values', ts, values });
    const raw = (page: number, line: number) =>
      cache.rawValue({ tenant: 'demo', hexacode: 'BE0001', department: 1, subDepartment: 0, page, line });

    apply(1, { '1.1': 10, '12.305': null, '2.4': 7 });
    apply(2, { '1.1': 11, '12.305': null, '3.0': 0 });
    apply(3, { '1.1': 11, '12.305': null, '3.0': 0 });

    const changes = events.flatMap((e) => (e.type === 'RawLineValues' ? [e.values] : []));
    expect(changes).toEqual([
      [
        { page: 1, line: 1, raw: 10 },
        { page: 12, line: 305, raw: null },
        { page: 2, line: 4, raw: 7 },
      ],
      [
        { page: 1, line: 1, raw: 11 },
        { page: 3, line: 0, raw: 0 },
      ],
    ]);
    expect([raw(1, 1), raw(12, 305), raw(3, 0), raw(2, 4)]).toEqual([11, null, 0, undefined]);
  });
});
