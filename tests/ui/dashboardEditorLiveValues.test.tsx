import '../support/fakes/resizeObserver';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DashboardGrid } from '../../src/ui/dashboards/DashboardGrid';
import { overviewWith } from '../support/fixtures/dashboardEditorFixtures';
import { coldRoom, pageTopicOf, startDashboard, widgetOf } from '../support/fixtures/widgetFixtures';

/** Room card: Air compared with 10 °C; Spare line: a line whose page was never picked (it reads nothing). */
const overview = overviewWith([
  widgetOf(
    'CARD_CHART',
    [{ id: 'air', ...coldRoom, lineNumber: 1, name: 'Air', compareWith: 'CUSTOM_VALUE', compareToValue: 10 }],
    { name: 'Room card' },
  ),
  widgetOf('LINE', [{ id: 'spare', ...coldRoom, pageNumber: null, lineNumber: 4, name: 'Spare' }], {
    name: 'Spare line',
    position: { i: 'w-LINE', x: 6, y: 0, w: 6, h: 6 },
  }),
]);

async function start() {
  const dashboard = await startDashboard(overview);
  render(<DashboardGrid actor={dashboard.actor} />);
  await screen.findByText('Air');
  return dashboard;
}

const comparison = () => screen.queryByText(/ (above|below) 10 °C$/)?.textContent ?? null;
const painted = (name: string) => screen.getByRole('article', { name }).getAttribute('data-live');

describe('live values on the dashboard', () => {
  it('compares the card with its reference only while its line is OK with a number', async () => {
    const { actor, push } = await start();
    push(pageTopicOf(coldRoom), [{ number: 1, status: 'OK', value: '12', unit: '°C', state: null }]);
    expect(comparison()).toBe('2 °C above 10 °C');
    // The device did not answer: the last value it sent is no reading to compare.
    push(pageTopicOf(coldRoom), [
      { number: 1, status: 'DEVICE_CAN_RECEIVED', value: '12', unit: '°C', state: null },
    ]);
    expect(comparison()).toBeNull();
    push(pageTopicOf(coldRoom), [{ number: 1, status: 'OK', value: '4', unit: '°C', state: null }]);
    expect(comparison()).toBe('6 °C below 10 °C');
    // A blank value is no zero.
    push(pageTopicOf(coldRoom), [{ number: 1, status: 'OK', value: ' ', unit: '°C', state: null }]);
    expect(comparison()).toBeNull();
    actor.stop();
  });

  it('paints a widget whose line has no page picked at once, and the others once their values arrive', async () => {
    const { actor, push } = await start();
    expect(painted('Spare line')).toBe('ready');
    expect(painted('Room card')).toBe('pending');
    push(pageTopicOf(coldRoom), [{ number: 1, status: 'OK', value: '12', unit: '°C', state: null }]);
    expect(painted('Room card')).toBe('ready');
    actor.stop();
  });
});
