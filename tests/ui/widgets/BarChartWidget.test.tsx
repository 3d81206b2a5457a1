import '../../support/resizeObserver';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Chart } from 'chart.js';
import { DashboardGrid } from '../../../src/ui/dashboards/DashboardGrid';
import {
  coldRoom,
  dashboardWith,
  freezerRoom,
  pageTopicOf,
  startDashboard,
  widgetOf,
} from '../../support/widgetFixtures';

/**
 * jsdom has no canvas: a 2D context that accepts chart.js's drawing calls and draws nothing, so the chart
 * mounts and updates as in a browser. What the test checks is what assistive technology gets.
 */
function fakeContext(canvas: HTMLCanvasElement) {
  const state: Record<PropertyKey, unknown> = { canvas };
  return new Proxy(state, {
    get: (target, property) =>
      property in target
        ? target[property]
        : property === 'measureText'
          ? () => ({ width: 0 })
          : () => ({ addColorStop: () => {} }),
    set: (target, property, value) => {
      target[property] = value;
      return true;
    },
  });
}

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return fakeContext(this);
  } as unknown as HTMLCanvasElement['getContext']);
});
afterEach(() => {
  vi.restoreAllMocks();
});

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
  const dashboard = await startDashboard(dashboardWith(barChart(fields)));
  render(<DashboardGrid actor={dashboard.actor} />);
  const chart = await screen.findByRole('img');
  dashboard.push(pageTopicOf(coldRoom), [
    { number: 1, status: 'OK', value: '2.5', unit: '°C' },
    { number: 2, status: 'NO_DATA', value: null, unit: null },
  ]);
  dashboard.push(pageTopicOf(freezerRoom), [{ number: 1, status: 'OK', value: '-19', unit: '°C' }]);
  return { ...dashboard, chart };
};

describe('BAR_CHART widget', () => {
  it('describes its bars in their sorted order, and lists each value with its unit or status', async () => {
    const { actor, chart } = await start({ sorting: 'ASCENDING' });
    expect(chart.tagName).toBe('CANVAS');
    expect(chart.getAttribute('aria-label')).toBe('Freezer room: -19, Cold room: 2.5, Setpoint: —');
    const list = chart.closest('article')!.querySelector('ul.sr-only') as HTMLElement;
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Cold room: 2.5 °C', 'Freezer room: -19 °C', 'Setpoint: No data']);
    actor.stop();
  });

  it('sorts descending and updates with live values', async () => {
    const { actor, chart, push } = await start({ sorting: 'DESCENDING' });
    expect(chart.getAttribute('aria-label')).toBe('Cold room: 2.5, Freezer room: -19, Setpoint: —');
    push(pageTopicOf(freezerRoom), [{ number: 1, status: 'OK', value: '4', unit: '°C' }]);
    expect(chart.getAttribute('aria-label')).toBe('Freezer room: 4, Cold room: 2.5, Setpoint: —');
    actor.stop();
  });

  it('notes that hourly and daily sorting need history, and keeps the elements order', async () => {
    const { actor, chart } = await start({ sorting: 'ON_DAY' });
    expect(screen.getByText('Hourly and daily sorting need history data')).toBeTruthy();
    expect(chart.getAttribute('aria-label')).toBe('Cold room: 2.5, Freezer room: -19, Setpoint: —');
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
