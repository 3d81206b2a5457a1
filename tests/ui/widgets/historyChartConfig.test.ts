import { describe, expect, it } from 'vitest';
import { overlaysOf } from '../../../src/ui/widgets/history/chartAnnotations';
import { chartConfig, type ChartTexts } from '../../../src/ui/widgets/history/chartConfig';
import type { SeriesModel } from '../../../src/ui/widgets/history/seriesModel';

const texts: ChartTexts = {
  comparison: (label) => `${label} (comparison)`,
  envelope: (label) => `${label} (min–max)`,
  average: (value) => `Avg ${value}`,
  highest: (value) => `Max ${value}`,
  lowest: (value) => `Min ${value}`,
  difference: (difference) => `${difference} vs comparison`,
};

const model = (id: string, stats: SeriesModel['stats']): SeriesModel => ({
  id,
  label: id,
  unit: '°C',
  status: 'OK',
  colour: '#1e6fd9',
  serieType: 'line',
  axis: 'y0',
  showAxis: true,
  points: {
    t: [0, 1],
    avg: [stats.min, stats.max],
    min: [stats.min, stats.max],
    max: [stats.min, stats.max],
  },
  stats,
  compare: null,
  overlays: { average: true, highest: true, lowest: true },
  tooltip: 'NONE',
});

type Line = { label: { content: string; position: string } };

describe('history chart configuration', () => {
  it('draws a steady series’ average, highest and lowest once, and keeps two series’ labels apart', () => {
    const lines = overlaysOf(
      [model('Air', { min: 1, max: 5, avg: 3 }), model('Setpoint', { min: 2, max: 2, avg: 2 })],
      texts,
    ) as Line[];
    expect(lines.map(({ label }) => [label.content, label.position])).toEqual([
      ['Avg 3 °C', 'start'],
      ['Max 5 °C', 'end'],
      ['Min 1 °C', 'end'],
      ['Avg 2 °C', 'end'],
    ]);
  });

  it('writes tooltip times in the user’s date format and ticks on the 24-hour clock', () => {
    const { options } = chartConfig({
      series: [model('Air', { min: 1, max: 5, avg: 3 })],
      layout: 'shared',
      from: 0,
      to: 1,
      markAreas: [],
      texts,
      dateFormat: 'LL-dd-yyyy HH:mm',
    });
    const time = (
      options.scales!.x as { time: { tooltipFormat: string; displayFormats: Record<string, string> } }
    ).time;
    expect(time.tooltipFormat).toBe('LL-dd-yyyy HH:mm');
    expect(time.displayFormats).toMatchObject({ hour: 'HH:mm', day: 'LL-dd' });
  });
});

describe('history chart in another language', () => {
  it('writes its overlays and tooltips in the decimals of the language, and has chart.js write its ticks so', () => {
    const { options } = chartConfig({
      series: [model('Air', { min: 1.25, max: 5, avg: 3.5 })],
      layout: 'shared',
      from: 0,
      to: 1,
      markAreas: [],
      texts,
      dateFormat: 'dd-LL-yyyy HH:mm',
      locale: 'de',
    });
    expect(options.locale).toBe('de');
    const lines = options.plugins!.annotation!.annotations as Line[];
    expect(lines.map(({ label }) => label.content)).toEqual(['Avg 3,5 °C', 'Max 5 °C', 'Min 1,25 °C']);
    const label = options.plugins!.tooltip!.callbacks!.label as (item: unknown) => string;
    expect(label({ raw: { x: 0, y: 1.25 }, datasetIndex: 0, dataset: { label: 'Air' } })).toBe(
      'Air: 1,25 °C',
    );
  });
});
