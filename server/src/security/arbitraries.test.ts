import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  AccountSettingsUpdate,
  DashboardGroupSave,
  DashboardsSorting,
  DashboardUpdate,
  DeviceConfigurationSave,
  DeviceTree,
  LineWriteRequest,
  LoginRequest,
  MarkAreaElements,
  WidgetSave,
} from '#contracts';
import { arbitraryOf } from './arbitraries';
import { toJsonText } from './hostile';
import type { SchemaNode } from './schema-node';
import { kindOf, slotsOf, withId } from './slots';

/** Kinds the contracts do not use (yet), so the converter is shown to handle them too. */
const Kinds = v.object({
  tuple: v.tuple([v.string(), v.pipe(v.number(), v.integer(), v.minValue(-3), v.maxValue(3))]),
  strict: v.strictObject({ e: v.enum({ A: 'a', B: 'b' }) }),
  loose: v.looseObject({ n: v.nullish(v.literal(7)) }),
  any: v.unknown(),
  length: v.pipe(v.string(), v.length(5)),
  url: v.pipe(v.string(), v.url()),
});

const CONTRACTS = {
  LoginRequest,
  DashboardUpdate,
  DashboardsSorting,
  DashboardGroupSave,
  DeviceConfigurationSave,
  AccountSettingsUpdate,
  MarkAreaElements,
  LineWriteRequest,
  WidgetSave,
  DeviceTree,
  Kinds,
} as Record<string, v.GenericSchema>;

const node = (schema: v.GenericSchema) => schema as unknown as SchemaNode;

describe('arbitraries from contracts', () => {
  it.each(Object.entries(CONTRACTS))('valid %s values pass the contract', (_name, schema) => {
    fc.assert(
      fc.property(arbitraryOf(schema, 'valid'), (value) => {
        const result = v.safeParse(schema, value);
        expect(result.issues?.[0]?.message, toJsonText(value)).toBeUndefined();
      }),
      { numRuns: 60 },
    );
  });

  it('complete values have every optional field and non-empty collections', () => {
    const [group] = fc.sample(arbitraryOf(DashboardGroupSave, 'valid', { complete: true }), 1);
    expect(Object.keys(group as object).sort()).toEqual([
      'dashboardsData',
      'expanded',
      'id',
      'name',
      'order',
    ]);
    expect((group as { dashboardsData: string[] }).dashboardsData.length).toBeGreaterThan(0);
  });

  it('id-like fields take the given ids now and then, and only where the contract accepts them', () => {
    const ids = ['6f1d2c4e-0000-4000-8000-000000000001', '1A0101'];
    const sorts = fc.sample(arbitraryOf(DashboardsSorting, 'valid', { ids }), { numRuns: 200, seed: 28 });
    expect(sorts.some((s) => Object.keys((s as DashboardsSorting).sortData).includes(ids[0]!))).toBe(true);
    const writes = fc.sample(arbitraryOf(LineWriteRequest, 'valid', { ids }), { numRuns: 200, seed: 28 }) as {
      hexacode: string;
    }[];
    expect(writes.some((w) => w.hexacode === '1A0101')).toBe(true);
    expect(writes.some((w) => w.hexacode === ids[0])).toBe(false);
  });

  it('hostile values are mostly refused and carry the odd things', () => {
    // Fixed seeds, here and above: each odd thing is rare in a draw, and a random 400 once held no lone surrogate.
    const values = fc.sample(arbitraryOf(DashboardUpdate, 'hostile'), { numRuns: 400, seed: 28 });
    const refused = values.filter((value) => !v.is(DashboardUpdate, value)).length;
    expect(refused).toBeGreaterThan(values.length / 2);
    const texts = values.map((value) => toJsonText(value));
    expect(texts.some((text) => text.includes('\\u0000'))).toBe(true);
    expect(texts.some((text) => text.includes('\\ud800'))).toBe(true);
    expect(texts.some((text) => text.includes('"__proto__":'))).toBe(true);
  });

  it('fails loudly on a schema kind it does not know', () => {
    expect(() => arbitraryOf(v.object({ at: v.date() }), 'valid')).toThrow(/'date' \(at 'at'\)/);
  });

  it('writes the numbers JSON cannot', () => {
    expect(toJsonText({ a: -0, b: [Infinity, -Infinity], c: 'x' })).toBe(
      '{"a":-0,"b":[1e400,-1e400],"c":"x"}',
    );
  });
});

describe('id slots', () => {
  it('finds id-like fields and record keys, by what they hold', () => {
    const save = {
      dashboardId: 'd',
      widget: {
        id: 'w',
        type: 'LINE',
        name: 'n',
        position: { i: 'w', x: 0, y: 0, w: 3, h: 4 },
        elements: [{ id: 'e' }],
      },
    };
    const slots = slotsOf(node(WidgetSave), save).map(({ path }) => [path.join('.'), kindOf(path)]);
    expect(slots).toEqual([
      ['dashboardId', 'dashboard'],
      ['widget.id', 'widget'],
      ['widget.position.i', 'widget'],
      ['widget.elements.0.id', 'element'],
    ]);
    const sorting = { sortData: { a: { order: 1 } }, sortMode: 'NAME', sortDirection: 'ASC' };
    const [key] = slotsOf(node(DashboardsSorting), sorting);
    expect(withId(sorting, key!, 'victim')).toEqual({ ...sorting, sortData: { victim: { order: 1 } } });
  });
});
