import { describe, expect, it } from 'vitest';
import { buildBars, type BarInput } from '../../../src/ui/widgets/barChart/bars';

const inputs: BarInput[] = [
  { label: 'Dairy', value: 3, color: null },
  { label: 'Meat', value: null, color: '#FF0000' },
  { label: 'Frozen', value: -18, color: null },
  { label: 'Deli', value: 3.5, color: null },
];

const settings = (sorting: 'NONE' | 'ASCENDING' | 'DESCENDING' | 'ON_HOUR' | 'ON_DAY') => ({
  sorting,
  defaultColor: null,
});

describe('buildBars', () => {
  it('keeps the elements order without sorting', () => {
    const bars = buildBars(inputs, settings('NONE'), '#1e6fd9');
    expect(bars.labels).toEqual(['Dairy', 'Meat', 'Frozen', 'Deli']);
    expect(bars.values).toEqual([3, null, -18, 3.5]);
  });

  it.each([
    ['ASCENDING', ['Frozen', 'Dairy', 'Deli', 'Meat']],
    ['DESCENDING', ['Deli', 'Dairy', 'Frozen', 'Meat']],
  ] as const)('sorts %s by value, bars without a value last', (sorting, labels) => {
    expect(buildBars(inputs, settings(sorting), '#000').labels).toEqual(labels);
  });

  it('keeps the order of equal values', () => {
    const equal = [
      { label: 'A', value: 1, color: null },
      { label: 'B', value: 1, color: null },
    ];
    expect(buildBars(equal, settings('DESCENDING'), '#000').labels).toEqual(['A', 'B']);
  });

  it('keeps the elements order for the hourly and daily sortings (those draw history: periods.ts)', () => {
    for (const sorting of ['ON_HOUR', 'ON_DAY'] as const) {
      expect(buildBars(inputs, settings(sorting), '#000').labels).toEqual([
        'Dairy',
        'Meat',
        'Frozen',
        'Deli',
      ]);
    }
  });

  it("colours a bar with its element's colour, else the widget default, else the theme colour", () => {
    expect(buildBars(inputs, settings('NONE'), '#1e6fd9').colors).toEqual([
      '#1e6fd9',
      '#FF0000',
      '#1e6fd9',
      '#1e6fd9',
    ]);
    expect(buildBars(inputs, { sorting: 'NONE', defaultColor: '#00FF00' }, '#1e6fd9').colors).toEqual([
      '#00FF00',
      '#FF0000',
      '#00FF00',
      '#00FF00',
    ]);
  });
});
