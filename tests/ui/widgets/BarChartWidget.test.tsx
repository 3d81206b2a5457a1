import '../../support/fakes/resizeObserver';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Chart } from 'chart.js';
import { DashboardGrid } from '../../../src/ui/dashboards/DashboardGrid';
import { installFakeCanvas } from '../../support/fakes/fakeCanvas';
import { HOUR_MS, NOON, type ValueAt } from '../../support/fixtures/historyFixtures';
import { historyHandler, startHistoryDashboard } from '../../support/servers/historyHandlers';
import { server } from '../setup';
import {
  coldRoom,
  dashboardWith,
  freezerRoom,
  pageTopicOf,
  widgetOf,
} from '../../support/fixtures/widgetFixtures';
import { renderWidgetDashboard } from '../../support/dom/renderWidgetDashboard';

installFakeCanvas();

/** A table's rows, each as the texts of its cells. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.children].map((cell) => cell.textContent));

const barChart = (fields: Record<string, unknown>) =>
  widgetOf(
    'BAR_CHART',
    [
      { id: 'cold', ...coldRoom, lineNumber: 1, name: 'Cold room' },
      { id: 'freezer', ...freezerRoom, lineNumber: 1, name: 'Freezer room' },
      { id: 'setpoint', ...coldRoom, lineNumber: 2, name: 'Setpoint' },
    ],
    { name: 'Room air', ...fields },
  );

const start = async (fields: Record<string, unknown>) => {
  const dashboard = await renderWidgetDashboard(barChart(fields));
  const chart = await screen.findByRole('img');
  dashboard.push(pageTopicOf(coldRoom), [
    { number: 1, status: 'OK', value: '2.5', unit: '°C', state: null },
    { number: 2, status: 'NO_DATA', value: null, unit: null, state: null },
  ]);
  dashboard.push(pageTopicOf(freezerRoom), [
    { number: 1, status: 'OK', value: '-19', unit: '°C', state: null },
  ]);
  return { ...dashboard, chart };
};

describe('BAR_CHART widget', () => {
  it('describes its bars in their sorted order, and lists each value with its unit or status', async () => {
    const { actor, chart } = await start({ sorting: 'ASCENDING' });
    expect(chart.tagName).toBe('CANVAS');
    expect(chart.getAttribute('aria-label')).toBe('Freezer room: -19, Cold room: 2.5, Setpoint: —');
    expect(rowsOf(screen.getByRole('table', { name: 'Values of Room air' }))).toEqual([
      ['Series', 'Latest'],
      ['Cold room', '2.5 °C'],
      ['Freezer room', '-19 °C'],
      ['Setpoint', 'No data'],
    ]);
    // Each bar is named on its axis: no legend repeating the widget's name.
    expect(Chart.getChart(chart as HTMLCanvasElement)!.options.plugins?.legend?.display).toBe(false);
    actor.stop();
  });

  it('tells apart two devices’ lines of the same name by the device and department they read', async () => {
    const twoCases = widgetOf(
      'BAR_CHART',
      [
        {
          id: 'cold',
          ...coldRoom,
          lineNumber: 1,
          dataName: 'Air temperature',
          label: 'Cold room · Evaporator 1',
        },
        {
          id: 'freezer',
          ...freezerRoom,
          lineNumber: 1,
          dataName: 'Air temperature',
          label: 'Freezer · Evaporator 1',
        },
        { id: 'setpoint', ...coldRoom, lineNumber: 2, dataName: 'Air temperature setpoint' },
      ],
      { name: 'Rooms' },
    );
    const dashboard = await renderWidgetDashboard(twoCases);
    const canvas = (await screen.findByRole('img')) as HTMLCanvasElement;
    expect(Chart.getChart(canvas)!.data.labels).toEqual([
      'Air temperature · Cold room · Evaporator 1',
      'Air temperature · Freezer · Evaporator 1',
      'Air temperature setpoint',
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Values of Rooms' })).map(([name]) => name)).toEqual([
      'Series',
      'Air temperature · Cold room · Evaporator 1',
      'Air temperature · Freezer · Evaporator 1',
      'Air temperature setpoint',
    ]);
    dashboard.actor.stop();
  });

  it('sorts descending and updates with live values', async () => {
    const { actor, chart, push } = await start({ sorting: 'DESCENDING' });
    expect(chart.getAttribute('aria-label')).toBe('Cold room: 2.5, Freezer room: -19, Setpoint: —');
    push(pageTopicOf(freezerRoom), [{ number: 1, status: 'OK', value: '4', unit: '°C', state: null }]);
    expect(chart.getAttribute('aria-label')).toBe('Freezer room: 4, Cold room: 2.5, Setpoint: —');
    actor.stop();
  });

  it("draws each element's average of each hour of the day over its range, from history", async () => {
    // Warm at 14:00 Copenhagen time (13:00 UTC), else 3 °C; the freezer a steady -19 °C.
    const values: ValueAt = (id, t) => (id === 'freezer' ? -19 : new Date(t).getUTCHours() === 13 ? 8 : 3);
    const { handler, server: history } = historyHandler({ valueAt: values });
    server.use(handler);
    const { actor } = startHistoryDashboard(dashboardWith(barChart({ sorting: 'ON_HOUR' })));
    render(<DashboardGrid actor={actor} />);
    const chart = await screen.findByRole('img', {
      name: 'Room air: average of each hour of the day over the range',
    });
    expect(history.queries[0]).toMatchObject({
      from: '2025-03-11T12:00:00.000Z',
      to: '2025-03-12T12:00:00.000Z',
    });
    const drawn = Chart.getChart(chart as HTMLCanvasElement)!;
    expect(drawn.data.labels).toHaveLength(24);
    expect(drawn.data.labels![14]).toBe('14:00');
    expect(drawn.data.datasets.map((dataset) => dataset.label)).toEqual([
      'Cold room',
      'Freezer room',
      'Setpoint',
    ]);
    expect(drawn.options.plugins?.legend?.display).toBe(true);
    const table = screen.getByRole('table', {
      name: 'Room air: average of each hour of the day over the range',
    });
    expect(within(table).getByRole('row', { name: /^14:00/ }).textContent).toBe('14:008-198');
    // Its text alternative: each element's latest, lowest, highest and average hour.
    expect(rowsOf(screen.getByRole('table', { name: 'Values of Room air' }))[1]).toEqual([
      'Cold room',
      '3',
      '3',
      '8',
      '3.21',
    ]);
    actor.stop();
  });

  it('draws the average of each day of its range', async () => {
    const { handler } = historyHandler({ valueAt: (_, t) => (t < NOON - 12 * HOUR_MS ? 2 : 4) });
    server.use(handler);
    const week = { start: null, end: null, type: 'LAST_7_DAYS', compareTo: null };
    const { actor } = startHistoryDashboard(dashboardWith(barChart({ sorting: 'ON_DAY', interval: week })));
    render(<DashboardGrid actor={actor} />);
    const chart = await screen.findByRole('img', { name: 'Room air: average of each day of the range' });
    const drawn = Chart.getChart(chart as HTMLCanvasElement)!;
    expect(drawn.data.labels).toEqual([
      '05-03-2025',
      '06-03-2025',
      '07-03-2025',
      '08-03-2025',
      '09-03-2025',
      '10-03-2025',
      '11-03-2025',
      '12-03-2025',
    ]);
    // The 12th (local): one hour at 2 °C (00:00), twelve at 4 °C.
    expect(drawn.data.datasets[0]!.data.at(-1)).toBeCloseTo((2 + 12 * 4) / 13, 5);
    actor.stop();
  });

  it('draws horizontal bars in the element colours, else the widget default', async () => {
    const { actor, chart } = await start({ mode: 'HORIZONTAL', defaultColor: '#00FF00' });
    const drawn = Chart.getChart(chart as HTMLCanvasElement)!;
    expect(drawn.options.indexAxis).toBe('y');
    expect(drawn.data.datasets[0]!.data).toEqual([2.5, -19, null]);
    expect(drawn.data.datasets[0]!.backgroundColor).toEqual(['#00FF00', '#00FF00', '#00FF00']);
    actor.stop();
  });
});
