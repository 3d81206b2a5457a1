import '../../support/fakes/resizeObserver';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DashboardGrid } from '../../../src/ui/dashboards/DashboardGrid';
import { drawnChart } from '../../support/dom/drawnChart';
import { installFakeCanvas } from '../../support/fakes/fakeCanvas';
import { coldRoomValues, HOUR_MS, NOON, type ValueAt } from '../../support/fixtures/historyFixtures';
import { historyHandler, startHistoryDashboard } from '../../support/servers/historyHandlers';
import { coldRoom, dashboardWith, widgetOf } from '../../support/fixtures/widgetFixtures';
import { server } from '../setup';

installFakeCanvas();

const air = { id: 'air', ...coldRoom, lineNumber: 1, name: 'Air' };
const setpoint = { id: 'setpoint', ...coldRoom, lineNumber: 2, name: 'Setpoint', yAxisNumber: 1 };

async function start(
  elements: Record<string, unknown>[],
  fields: Record<string, unknown> = {},
  answers: Parameters<typeof historyHandler>[0] = {},
) {
  const { handler, server: history } = historyHandler(answers);
  server.use(handler);
  const dashboard = startHistoryDashboard(
    dashboardWith(widgetOf('LINE_CHART', elements, { name: 'Cold room', ...fields })),
  );
  render(<DashboardGrid actor={dashboard.actor} />);
  const canvas = (await screen.findByRole('img')) as HTMLCanvasElement;
  // The chart as drawn now: a chart may be drawn anew on another canvas (its alarm marks are a part of it).
  const chart = () => drawnChart(screen.getByRole('img'));
  return { ...dashboard, history, canvas, chart };
}

/** The accessible table of a chart's values: its rows as text. */
const valueRows = () =>
  within(screen.getByRole('table', { name: 'Values of Cold room' }))
    .getAllByRole('row')
    .map((row) => [...row.children].map((cell) => cell.textContent));

describe('LINE_CHART widget', () => {
  it("draws each element's series over the widget's range and lists their values", async () => {
    const { canvas, chart, history, actor } = await start([air, setpoint]);
    expect(canvas.getAttribute('aria-label')).toBe(
      'Cold room: 2 series from 11-03-2025 13:00 to 12-03-2025 13:00',
    );
    expect(history.queries[0]).toMatchObject({
      from: '2025-03-11T12:00:00.000Z',
      to: '2025-03-12T12:00:00.000Z',
      compareFrom: null,
      series: [
        { id: 'air', hexacode: '1A0105', page: 1, line: 1, pcNumber: 1 },
        { id: 'setpoint', line: 2 },
      ],
    });
    const latest = `${coldRoomValues('air', NOON - HOUR_MS)} °C`;
    expect(valueRows()).toEqual([
      ['Series', 'Latest', 'Lowest', 'Highest', 'Average'],
      ['Air', latest, '1.5 °C', '4.5 °C', '3 °C'],
      ['Setpoint', latest, '1.5 °C', '4.5 °C', '3 °C'],
    ]);
    const drawn = await chart();
    const main = drawn.data.datasets.filter((dataset) => !dataset.label?.includes('('));
    expect(main.map((dataset) => [dataset.label, (dataset as { yAxisID?: string }).yAxisID])).toEqual([
      ['Air', 'y0'],
      ['Setpoint', 'y1'],
    ]);
    expect(main[0]!.data).toHaveLength(24);
    // The buckets' min–max band is drawn under each series, so spikes stay visible.
    expect(drawn.data.datasets.map((dataset) => dataset.label)).toContain('Air (min–max)');
    expect(drawn.options.animation).toBe(false);
    actor.stop();
  });

  it('tells apart two devices’ lines of the same name by the device and department they read', async () => {
    const here = { id: 'here', ...coldRoom, lineNumber: 1, label: 'Cold room · Evaporator 1' };
    const there = {
      id: 'there',
      ...coldRoom,
      hexacode: '1A0106',
      lineNumber: 1,
      label: 'Freezer · Evaporator 1',
    };
    const { chart, actor } = await start([here, there]);
    const main = (await chart()).data.datasets.filter((dataset) => !dataset.label?.includes('('));
    expect(main.map((dataset) => dataset.label)).toEqual([
      'Air temperature · Cold room · Evaporator 1',
      'Air temperature · Freezer · Evaporator 1',
    ]);
    expect(valueRows().map(([series]) => series)).toEqual([
      'Series',
      'Air temperature · Cold room · Evaporator 1',
      'Air temperature · Freezer · Evaporator 1',
    ]);
    actor.stop();
  });

  it('draws average, highest and lowest lines with their labels, and its mark areas', async () => {
    const { chart, actor } = await start([{ ...air, showAverageValue: true }], {
      showHighestValue: true,
      showLowestValue: true,
      markAreaElements: [
        {
          name: 'Defrost',
          color: '#0000FF',
          startDate: '2025-03-12T02:00:00Z',
          endDate: '2025-03-12T03:00:00Z',
        },
      ],
    });
    const annotations = (await chart()).options.plugins!.annotation!.annotations as {
      type: string;
      yMin?: number;
      xMin?: number;
      label: { content: string };
    }[];
    expect(annotations.map((a) => [a.type, a.label.content])).toEqual([
      ['box', 'Defrost'],
      ['line', 'Avg 3 °C'],
      ['line', 'Max 4.5 °C'],
      ['line', 'Min 1.5 °C'],
    ]);
    expect(annotations[0]!.xMin).toBe(Date.parse('2025-03-12T02:00:00Z'));
    expect(annotations[1]!.yMin).toBe(3);
    actor.stop();
  });

  it("overlays the comparison range on the widget's own time axis, with the difference in the tooltip", async () => {
    const compared = { start: null, end: null, type: 'LAST_24_HOURS', compareTo: { value: 7, unit: 'DAYS' } };
    const lastWeekColder: ValueAt = (_, t) => (t < NOON - 2 * 24 * HOUR_MS ? 1 : coldRoomValues('air', t));
    const { chart, history, actor } = await start(
      [air],
      { interval: compared, compareTypeTooltip: 'NUMERIC' },
      { valueAt: lastWeekColder },
    );
    expect(history.queries[0]!.compareFrom).toBe('2025-03-04T12:00:00.000Z');
    expect(screen.getAllByRole('img')).toHaveLength(1);
    const datasets = (await chart()).data.datasets as {
      label?: string;
      borderDash?: number[];
      data: { x: number }[];
    }[];
    const comparison = datasets.find((dataset) => dataset.label === 'Air (comparison)')!;
    expect(comparison.borderDash).toEqual([4, 3]);
    const from = Date.parse('2025-03-11T12:00:00.000Z');
    expect(comparison.data.every(({ x }) => x >= from && x < NOON)).toBe(true);
    expect(valueRows()[1]).toEqual(['Air', expect.any(String), '1.5 °C', '4.5 °C', '3 °C', '1 °C']);
    const tooltip = (await chart()).options.plugins!.tooltip!.callbacks!;
    const item = { datasetIndex: 0, dataIndex: 0, raw: { x: from, y: 2 }, dataset: { label: 'Air' } };
    expect((tooltip.afterLabel as (item: unknown) => string)(item)).toBe('+1 °C vs comparison');
    actor.stop();
  });

  it("zooms to a range dragged across it at finer resolution, and Reset zoom returns to the widget's range", async () => {
    const { canvas, chart, history, actor } = await start([air]);
    const drawn = await chart();
    drawn.resize(600, 300);
    const { left, right, top } = drawn.chartArea;
    const x = (fraction: number) => left + (right - left) * fraction;
    fireEvent.pointerDown(canvas, { clientX: x(0.5), clientY: top + 20, button: 0, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: x(0.6), clientY: top + 20, pointerId: 1 });
    fireEvent.pointerUp(canvas, { clientX: x(0.75), clientY: top + 20, pointerId: 1 });
    const reset = await screen.findByRole('button', { name: 'Reset zoom' });
    await screen.findByRole('img', { name: /Cold room: 1 series from 12-03-2025 01:00 to 12-03-2025 07:00/ });
    expect(history.queries).toHaveLength(2);
    const zoomed = history.queries[1]!;
    expect(Date.parse(zoomed.to) - Date.parse(zoomed.from)).toBeCloseTo(6 * HOUR_MS, -4);

    await userEvent.click(reset);
    await screen.findByRole('img', { name: /from 11-03-2025 13:00 to 12-03-2025 13:00/ });
    expect(history.queries[2]).toMatchObject({
      from: '2025-03-11T12:00:00.000Z',
      to: '2025-03-12T12:00:00.000Z',
    });
    expect(screen.queryByRole('button', { name: 'Reset zoom' })).toBeNull();
    actor.stop();
  });

  it('does not zoom while the dashboard is edited: a drag there moves the widget', async () => {
    const { canvas, chart, history, actor } = await start([air]);
    act(() => {
      actor.send({ type: 'dashboard.edit' });
    });
    const drawn = await chart();
    drawn.resize(600, 300);
    const { left, right, top } = drawn.chartArea;
    fireEvent.pointerDown(canvas, { clientX: left + 10, clientY: top + 20, button: 0, pointerId: 1 });
    fireEvent.pointerUp(canvas, { clientX: right - 10, clientY: top + 20, pointerId: 1 });
    // A zoom would show Reset zoom at once (the pointer events are acted, the render flushed) and ask again.
    expect(history.queries).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Reset zoom' })).toBeNull();
    actor.stop();
  });

  it('says it could not load its data, and Retry loads it', async () => {
    const { handler, server: history } = historyHandler();
    history.failing(true);
    server.use(handler);
    const { actor } = startHistoryDashboard(
      dashboardWith(widgetOf('LINE_CHART', [air], { name: 'Cold room' })),
    );
    render(<DashboardGrid actor={actor} />);
    expect(await screen.findByText('Could not load data for Cold room widget')).toBeTruthy();
    history.failing(false);
    await userEvent.click(screen.getByRole('button', { name: 'Retry loading Cold room' }));
    expect(await screen.findByRole('img', { name: /Cold room: 1 series/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    actor.stop();
  });

  it('shows the range chosen from its header and ignores a late answer for the range before', async () => {
    const { handler, server: history } = historyHandler();
    history.hold();
    server.use(handler);
    const { actor, answered } = startHistoryDashboard(
      dashboardWith(widgetOf('LINE_CHART', [air], { name: 'Cold room' })),
    );
    render(<DashboardGrid actor={actor} />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Range shown by Cold room: Last 24 hours' }),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    history.release(1);
    await screen.findByRole('img', { name: /from 05-03-2025 13:00 to 12-03-2025 13:00/ });
    history.release(0);
    await answered();
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(/from 05-03-2025 13:00/);
    expect(screen.getByRole('button', { name: 'Range shown by Cold room: Last 7 days' })).toBeTruthy();
    actor.stop();
  });

  it('keeps the range chosen from its header in the address, so a reload shows it again', async () => {
    const { handler, server: history } = historyHandler();
    server.use(handler);
    const chart = widgetOf('LINE_CHART', [air], { id: 'w-room', name: 'Cold room' });
    const first = startHistoryDashboard(dashboardWith(chart));
    const view = render(<DashboardGrid actor={first.actor} />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Range shown by Cold room: Last 24 hours' }),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(new URLSearchParams(window.location.search).get('range.w-room')).toBe('LAST_7_DAYS');
    first.actor.stop();
    view.unmount();

    // The page loads again at the same address: the chart asks the chosen range at once and says it shows it.
    const asked = history.queries.length;
    const again = startHistoryDashboard(dashboardWith(chart));
    render(<DashboardGrid actor={again.actor} />);
    await screen.findByRole('img', { name: /from 05-03-2025 13:00 to 12-03-2025 13:00/ });
    expect(history.queries[asked]).toMatchObject({ from: '2025-03-05T12:00:00.000Z' });
    const button = screen.getByRole('button', { name: 'Range shown by Cold room: Last 7 days' });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    again.actor.stop();
  });

  it('follows new samples while its range ends now: they appear within one interval', async () => {
    let latest = 3;
    const live: ValueAt = (_, t) => (t >= NOON ? latest : 3);
    // A buffer recording every two minutes; its phase unknown to the element, so one interval after the answer.
    const { advance, history, actor } = await start([air], {}, { valueAt: live, intervalS: 120 });
    expect(valueRows()[1]![1]).toBe('3 °C');
    latest = 5;
    // One interval and the grace for the sample to reach the server: not a moment earlier.
    await advance(2 * 60_000 + 10_000 - 1);
    expect(history.queries).toHaveLength(1);
    await advance(1);
    expect(history.queries).toHaveLength(2);
    expect(history.queries[1]!.to).toBe('2025-03-12T12:02:10.000Z');
    await screen.findByRole('img', { name: /to 12-03-2025 13:02/ });
    expect(valueRows()[1]![1]).toBe('5 °C');
    actor.stop();
  });
});
