import '../../support/fakes/resizeObserver';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DashboardGrid } from '../../../src/ui/dashboards/DashboardGrid';
import { HOUR_MS, NOON, type ValueAt } from '../../support/fixtures/historyFixtures';
import { historyHandler, startHistoryDashboard } from '../../support/servers/historyHandlers';
import { coldRoom, dashboardWith, pageTopicOf, widgetOf } from '../../support/fixtures/widgetFixtures';
import { server } from '../setup';
import { renderWidgetDashboard } from '../../support/dom/renderWidgetDashboard';

const start = async (element: Record<string, unknown>) => {
  const card = widgetOf('CARD_CHART', [{ id: 'air', ...coldRoom, lineNumber: 1, name: 'Air', ...element }]);
  const dashboard = await renderWidgetDashboard(card);
  await screen.findByText('Air');
  return dashboard;
};

describe('CARD_CHART widget', () => {
  it('compares the live value with the custom reference, with an arrow and a spoken text', async () => {
    const { actor, push } = await start({ compareWith: 'CUSTOM_VALUE', compareToValue: 10 });
    push(pageTopicOf(coldRoom), [{ number: 1, status: 'OK', value: '11.5', unit: '°C', state: null }]);
    expect(screen.getByText('11.5 °C')).toBeTruthy();
    const shown = screen.getByText('+1.5 °C');
    expect(shown.getAttribute('aria-hidden')).toBe('true');
    expect(shown.parentElement!.querySelector('svg')).toBeTruthy();
    expect(screen.getByText('1.5 °C above 10 °C')).toBeTruthy();

    push(pageTopicOf(coldRoom), [{ number: 1, status: 'OK', value: '9', unit: '°C', state: null }]);
    expect(screen.getByText('-1 °C')).toBeTruthy();
    expect(screen.getByText('1 °C below 10 °C')).toBeTruthy();
    actor.stop();
  });

  it('compares in percent of the reference', async () => {
    const { actor, push } = await start({
      compareWith: 'CUSTOM_VALUE',
      compareType: 'PERCENTAGE',
      compareToValue: 10,
    });
    push(pageTopicOf(coldRoom), [{ number: 1, status: 'OK', value: '11.25', unit: '°C', state: null }]);
    expect(screen.getByText('+12.5 %')).toBeTruthy();
    expect(screen.getByText('12.5 % above 10 °C')).toBeTruthy();
    actor.stop();
  });

  it('shows no comparison until a value arrives', async () => {
    const { actor } = await start({ compareWith: 'CUSTOM_VALUE', compareToValue: 10 });
    expect(screen.getByText('—')).toBeTruthy();
    expect(screen.queryByText(/above|below/)).toBeNull();
    actor.stop();
  });

  it('compares with the average, lowest or highest value of its interval from history', async () => {
    const average = await startWithHistory({ compareWith: 'AVERAGE_VALUE' });
    expect(average.history.queries[0]).toMatchObject({
      from: '2025-03-05T12:00:00.000Z',
      to: '2025-03-12T12:00:00.000Z',
      compareFrom: null,
    });
    average.push(pageTopicOf(coldRoom), [{ number: 1, status: 'OK', value: '4.5', unit: '°C', state: null }]);
    expect(await screen.findByText('1.5 °C above the average, 3 °C')).toBeTruthy();
    expect(screen.getByText('+1.5 °C')).toBeTruthy();
    average.actor.stop();
    cleanup();

    const lowest = await startWithHistory({ compareWith: 'MIN_VALUE', compareType: 'PERCENTAGE' });
    lowest.push(pageTopicOf(coldRoom), [{ number: 1, status: 'OK', value: '3', unit: '°C', state: null }]);
    expect(await screen.findByText('100 % above the lowest, 1.5 °C')).toBeTruthy();
    lowest.actor.stop();
  });

  it('compares with the value recorded that long before (another buffer: its comparison range)', async () => {
    const lastWeek: ValueAt = (_, t) => (t < NOON - 2 * 24 * HOUR_MS ? 6 : 3);
    const { actor, push, history } = await startWithHistory(
      { compareWith: 'ANOTHER_BUFFER', compareTo: { value: 7, unit: 'DAYS' } },
      lastWeek,
    );
    expect(history.queries[0]!.compareFrom).toBe('2025-02-26T12:00:00.000Z');
    push(pageTopicOf(coldRoom), [{ number: 1, status: 'OK', value: '4', unit: '°C', state: null }]);
    expect(await screen.findByText('2 °C below the comparison range, 6 °C')).toBeTruthy();
    actor.stop();
  });

  it('draws the trend of its interval as a sparkline', async () => {
    const rising: ValueAt = (_, t) => Math.round((t - (NOON - 7 * 24 * HOUR_MS)) / (24 * HOUR_MS));
    const { actor } = await startWithHistory({ showSparkline: true }, rising);
    const sparkline = await screen.findByRole('img', {
      name: 'Trend of Air over the range: from 0 °C to 7 °C, lowest 0 °C, highest 7 °C',
    });
    expect(sparkline.querySelector('path')!.getAttribute('d')).toMatch(/^M0\.00 23\.00 L/);
    actor.stop();
  });

  it('says when its history could not be loaded, and still shows the live value', async () => {
    const { handler, server: history } = historyHandler();
    history.failing(true);
    server.use(handler);
    const card = widgetOf(
      'CARD_CHART',
      [{ id: 'air', ...coldRoom, lineNumber: 1, name: 'Air', compareWith: 'AVERAGE_VALUE' }],
      { name: 'Cold room' },
    );
    const { actor, push } = startHistoryDashboard(dashboardWith(card));
    render(<DashboardGrid actor={actor} />);
    expect(await screen.findByText('Could not load data for Cold room widget')).toBeTruthy();
    push(pageTopicOf(coldRoom), [{ number: 1, status: 'OK', value: '4.5', unit: '°C', state: null }]);
    expect(screen.getByText('4.5 °C')).toBeTruthy();
    history.failing(false);
    await userEvent.click(screen.getByRole('button', { name: 'Retry loading Cold room' }));
    expect(await screen.findByText('1.5 °C above the average, 3 °C')).toBeTruthy();
    actor.stop();
  });
});

async function startWithHistory(element: Record<string, unknown>, valueAt?: ValueAt) {
  const { handler, server: history } = historyHandler({ valueAt, intervalS: 3600 });
  server.use(handler);
  const card = widgetOf('CARD_CHART', [{ id: 'air', ...coldRoom, lineNumber: 1, name: 'Air', ...element }]);
  const dashboard = startHistoryDashboard(dashboardWith(card));
  render(<DashboardGrid actor={dashboard.actor} />);
  await screen.findByText('Air');
  await waitFor(() => expect(history.queries).toHaveLength(1));
  return { ...dashboard, history };
}
