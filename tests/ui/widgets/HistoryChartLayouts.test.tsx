import '../../support/fakes/resizeObserver';
import { render, screen, within } from '@testing-library/react';
import type { Chart } from 'chart.js';
import { describe, expect, it } from 'vitest';
import { DashboardGrid } from '../../../src/ui/dashboards/DashboardGrid';
import { drawnChart } from '../../support/dom/drawnChart';
import { installFakeCanvas } from '../../support/fakes/fakeCanvas';
import { historyHandler, startHistoryDashboard } from '../../support/servers/historyHandlers';
import { coldRoom, dashboardWith, widgetOf } from '../../support/fixtures/widgetFixtures';
import { server } from '../setup';

installFakeCanvas();

const temperature = {
  id: 'temperature',
  ...coldRoom,
  lineNumber: 1,
  name: 'Suction temperature',
  color: '#FF0000',
};
const pressure = { id: 'pressure', ...coldRoom, lineNumber: 3, name: 'Suction pressure', yAxisNumber: 1 };
const units = { temperature: '°C', pressure: 'bar' };

async function drawn(
  type: 'MULTIPLE_Y_CHART' | 'MULTIGRID_CHART',
  elements: Record<string, unknown>[],
  answers: Parameters<typeof historyHandler>[0] = { units },
) {
  const { handler } = historyHandler(answers);
  server.use(handler);
  const { actor } = startHistoryDashboard(dashboardWith(widgetOf(type, elements, { name: 'Pack' })));
  render(<DashboardGrid actor={actor} />);
  const canvas = (await screen.findByRole('img', { name: /Pack: 2 series/ })) as HTMLCanvasElement;
  const chart = await drawnChart(canvas);
  return { actor, chart };
}

type Scale = { position?: string; title?: { text?: string }; stack?: string; ticks?: { color?: string } };
const scalesOf = (chart: Chart) => chart.options.scales as Record<string, Scale>;

describe('MULTIPLE_Y_CHART widget', () => {
  it('draws a temperature and a pressure on one chart against a left and a right axis with their units', async () => {
    const { actor, chart } = await drawn('MULTIPLE_Y_CHART', [temperature, pressure]);
    const scales = scalesOf(chart);
    expect([scales.y0?.position, scales.y0?.title?.text]).toEqual(['left', '°C']);
    expect([scales.y1?.position, scales.y1?.title?.text]).toEqual(['right', 'bar']);
    // Each axis reads in the colour of its series.
    expect(scales.y0?.ticks?.color).toBe('#FF0000');
    expect(screen.getAllByRole('img')).toHaveLength(1);
    actor.stop();
  });
});

describe('MULTIGRID_CHART widget', () => {
  it('stacks one grid per element on the shared time axis, hovering all of them at once', async () => {
    const { actor, chart } = await drawn('MULTIGRID_CHART', [temperature, { ...pressure, yAxisNumber: 0 }]);
    const scales = scalesOf(chart);
    expect([scales.y0?.stack, scales.y1?.stack]).toEqual(['grids', 'grids']);
    expect([scales.y0?.title?.text, scales.y1?.title?.text]).toEqual(['°C', 'bar']);
    expect(Object.keys(scales).filter((id) => id.startsWith('x'))).toEqual(['x']);
    // One hover position across the grids: every series' value at the hovered time.
    expect(chart.options.interaction).toMatchObject({ mode: 'index', intersect: false });
    actor.stop();
  });
});

describe('MULTIGRID_CHART widget with a door', () => {
  it('tells its states by name: on the axis, and in its text alternative', async () => {
    const door = { id: 'door', ...coldRoom, lineNumber: 6, name: 'Door' };
    const states = [
      { label: 'Closed', index: 0 },
      { label: 'Open', index: 1 },
    ];
    const { actor, chart } = await drawn('MULTIGRID_CHART', [temperature, door], {
      states: { door: states },
      valueAt: (id, t) => (id === 'door' ? ((t / 3_600_000) % 5 === 0 ? 1 : 0) : 3),
    });
    const doorSet = chart.data.datasets.find((dataset) => dataset.label === 'Door')!;
    expect(doorSet).toMatchObject({ stepped: true });
    const table = screen.getByRole('table', { name: 'Values of Pack' });
    const row = within(table).getByRole('row', { name: /^Door/ });
    // Its average is the share of time open (about one hour in five).
    expect([...row.children].map((cell) => cell.textContent)).toEqual([
      'Door',
      expect.stringMatching(/^(Open|Closed)$/),
      'Closed',
      'Open',
      expect.stringMatching(/^Open 2\d %$/),
    ]);
    actor.stop();
  });
});
