import 'chartjs-adapter-date-fns';
import { Chart, LinearScale, LineController, LineElement, PointElement, TimeScale } from 'chart.js';
import { de } from 'date-fns/locale/de';
import { describe, expect, it } from 'vitest';
import { overlaysOf } from '../../../src/ui/widgets/history/chartAnnotations';
import { chartConfig, type ChartInput } from '../../../src/ui/widgets/history/chartConfig';
import type { ChartTexts } from '../../../src/ui/widgets/history/chartTexts';
import type { SeriesModel } from '../../../src/ui/widgets/history/seriesModel';
import { installFakeCanvas } from '../../support/fakes/fakeCanvas';

installFakeCanvas();
Chart.register(LineController, LineElement, PointElement, LinearScale, TimeScale);

const texts: ChartTexts = {
  comparison: (label) => `${label} (comparison)`,
  envelope: (label) => `${label} (min–max)`,
  average: (value) => `Avg ${value}`,
  highest: (value) => `Max ${value}`,
  lowest: (value) => `Min ${value}`,
  difference: (difference) => `${difference} vs comparison`,
};

/** The configuration of `input` with no mark areas, the texts above, and a day-first date format unless it says. */
const configOf = (input: Omit<ChartInput, 'markAreas' | 'texts' | 'dateFormat'> & { dateFormat?: string }) =>
  chartConfig({ markAreas: [], texts, dateFormat: 'dd-LL-yyyy HH:mm', ...input });

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
  options: null,
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
    const { options } = configOf({
      series: [model('Air', { min: 1, max: 5, avg: 3 })],
      layout: 'shared',
      from: 0,
      to: 1,
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
    const { options } = configOf({
      series: [model('Air', { min: 1.25, max: 5, avg: 3.5 })],
      layout: 'shared',
      from: 0,
      to: 1,
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

const DAY = 24 * 60 * 60_000;

/** The chart chart.js draws of a configuration on an 800 × 300 canvas, its scales laid out and ticked. */
function drawn(input: Parameters<typeof configOf>[0]) {
  const { data, options } = configOf(input);
  const canvas = document.createElement('canvas');
  canvas.width = 800;
  canvas.height = 300;
  // The annotation plugin is the history chart's own (HistoryChart.tsx): not what is checked here.
  const { annotation: _overlays, ...plugins } = options.plugins!;
  return new Chart(canvas, {
    type: 'line',
    data: data as never,
    options: { ...options, plugins, responsive: false } as never,
  });
}

const over = (from: number, to: number, values: (t: number) => number | null, count = 50) => {
  const t = Array.from({ length: count }, (_, index) => from + ((to - from) * index) / count);
  const avg = t.map(values);
  return { t, avg, min: avg, max: avg };
};

const tickLabels = (chart: Chart<'line'>, axis: string) =>
  chart.scales[axis]!.ticks.map((tick) => tick.label);

describe('the time axis of a history chart', () => {
  it('tells a five-day range by its dates, in the user’s order of day and month, not by repeated hours', () => {
    const from = new Date(2025, 2, 1, 10, 37).getTime();
    const to = from + 5 * DAY;
    const chart = drawn({
      series: [{ ...model('Air', { min: 1, max: 5, avg: 3 }), points: over(from, to, () => 3) }],
      layout: 'shared',
      from,
      to,
    });
    expect(tickLabels(chart, 'x')).toEqual(['02-03', '03-03', '04-03', '05-03', '06-03']);
    chart.destroy();
  });

  it('tells a day by its hours', () => {
    const from = new Date(2025, 2, 1, 10, 37).getTime();
    const chart = drawn({
      series: [{ ...model('Air', { min: 1, max: 5, avg: 3 }), points: over(from, from + DAY, () => 3) }],
      layout: 'shared',
      from,
      to: from + DAY,
    });
    expect(tickLabels(chart, 'x').every((label) => /^\d\d:\d\d$/.test(String(label)))).toBe(true);
    chart.destroy();
  });

  it('names the months of a long range in the interface language', () => {
    const from = new Date(2025, 0, 1).getTime();
    const to = from + 300 * DAY;
    const chart = drawn({
      series: [{ ...model('Air', { min: 1, max: 5, avg: 3 }), points: over(from, to, () => 3) }],
      layout: 'shared',
      from,
      to,
      locale: 'de',
      dateLocale: de,
    });
    expect(tickLabels(chart, 'x')).toEqual(expect.arrayContaining(['Mär 2025', 'Mai 2025', 'Okt 2025']));
    chart.destroy();
  });
});

describe('a multi-grid chart', () => {
  const from = new Date(2025, 2, 1).getTime();
  const to = from + DAY;
  const door: SeriesModel = {
    ...model('Door', { min: 0, max: 1, avg: 0.2 }),
    axis: 'y1',
    unit: '',
    options: [
      { label: 'Closed', index: 0 },
      { label: 'Open', index: 1 },
    ],
    points: {
      ...over(from, to, () => 0.5),
      min: over(from, to, () => 0).avg,
      max: over(from, to, () => 1).avg,
    },
  };
  const air = {
    ...model('Air', { min: 1, max: 5, avg: 3 }),
    points: over(from, to, (t) => 1 + ((t / 1e6) % 4)),
  };

  it('stacks its grids in the order of its elements, each grid’s labels clear of the next one’s', () => {
    const chart = drawn({ series: [air, door], layout: 'stacked', from, to });
    // The first element on top, as the widget lists it.
    expect(chart.scales.y0!.top).toBeLessThan(chart.scales.y1!.top);
    // The upper grid leaves out its lowest label, which would sit on the highest of the grid below.
    expect(tickLabels(chart, 'y0')[0]).toBe('');
    expect(tickLabels(chart, 'y0').filter((label) => label !== '').length).toBeGreaterThan(1);
    expect(chart.scales.y0!.ticks.length).toBeLessThanOrEqual(5);
    chart.destroy();
  });

  it('draws a line of states as steps between them, labelled with their names', () => {
    const chart = drawn({ series: [air, door], layout: 'stacked', from, to });
    expect(tickLabels(chart, 'y1')).toEqual(['Closed', 'Open']);
    const doorSet = chart.data.datasets.find((dataset) => dataset.label === 'Door')!;
    expect(doorSet).toMatchObject({ stepped: true });
    // Two states: each bucket's share of time in the second (open half of the time).
    expect((doorSet.data as { y: number }[]).every(({ y }) => y === 0.5)).toBe(true);
    // No min–max band: between two states it would fill the grid.
    expect(chart.data.datasets.filter((dataset) => dataset.label?.startsWith('Door'))).toHaveLength(1);
    const { options } = configOf({ series: [air, door], layout: 'stacked', from, to });
    const label = options.plugins!.tooltip!.callbacks!.label as (item: unknown) => string;
    const datasetIndex = chart.data.datasets.indexOf(doorSet);
    const at = (y: number) => label({ raw: { x: from, y }, datasetIndex, dataset: { label: 'Door' } });
    expect([at(1), at(0), at(0.25)]).toEqual(['Door: Open', 'Door: Closed', 'Door: Open 25 %']);
    chart.destroy();
  });

  it('draws the highest state of each bucket of a line of more states, whose average is no state', () => {
    const defrost: SeriesModel = {
      ...door,
      id: 'Defrost',
      label: 'Defrost',
      options: ['Off', 'Defrosting', 'Dripping'].map((state, index) => ({ label: state, index })),
    };
    const chart = drawn({ series: [air, defrost], layout: 'stacked', from, to });
    const drawnSet = chart.data.datasets.find((dataset) => dataset.label === 'Defrost')!;
    expect((drawnSet.data as { y: number }[]).every(({ y }) => y === 1)).toBe(true);
    expect(tickLabels(chart, 'y1')).toEqual(['Off', 'Defrosting', 'Dripping']);
    chart.destroy();
  });
});
