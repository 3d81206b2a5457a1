import '../../support/resizeObserver';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DashboardGrid } from '../../../src/ui/dashboards/DashboardGrid';
import { coldRoom, dashboardWith, pageTopicOf, startDashboard, widgetOf } from '../../support/widgetFixtures';

const start = async (element: Record<string, unknown>) => {
  const card = widgetOf('CARD_CHART', [{ id: 'air', ...coldRoom, lineNumber: 1, name: 'Air', ...element }]);
  const dashboard = await startDashboard(dashboardWith(card));
  render(<DashboardGrid actor={dashboard.actor} />);
  await screen.findByText('Air');
  return dashboard;
};

describe('CARD_CHART widget', () => {
  it('compares the live value with the custom reference, with an arrow and a spoken text', async () => {
    const { actor, push } = await start({ compareWith: 'CUSTOM_VALUE', compareToValue: 10 });
    push(pageTopicOf(coldRoom), [{ number: 1, status: 'OK', value: '11.5', unit: '°C' }]);
    expect(screen.getByText('11.5 °C')).toBeTruthy();
    const shown = screen.getByText('+1.5 °C');
    expect(shown.getAttribute('aria-hidden')).toBe('true');
    expect(shown.parentElement!.querySelector('svg')).toBeTruthy();
    expect(screen.getByText('1.5 °C above 10 °C')).toBeTruthy();

    push(pageTopicOf(coldRoom), [{ number: 1, status: 'OK', value: '9', unit: '°C' }]);
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
    push(pageTopicOf(coldRoom), [{ number: 1, status: 'OK', value: '11.25', unit: '°C' }]);
    expect(screen.getByText('+12.5 %')).toBeTruthy();
    expect(screen.getByText('12.5 % above 10 °C')).toBeTruthy();
    actor.stop();
  });

  it('shows no comparison that needs history data', async () => {
    const history = await start({ compareWith: 'AVERAGE_VALUE', compareToValue: 10 });
    history.push(pageTopicOf(coldRoom), [{ number: 1, status: 'OK', value: '11.5', unit: '°C' }]);
    expect(screen.getByText('11.5 °C')).toBeTruthy();
    expect(screen.queryByText(/above|below/)).toBeNull();
    history.actor.stop();
  });

  it('shows no comparison until a value arrives', async () => {
    const { actor } = await start({ compareWith: 'CUSTOM_VALUE', compareToValue: 10 });
    expect(screen.getByText('—')).toBeTruthy();
    expect(screen.queryByText(/above|below/)).toBeNull();
    actor.stop();
  });
});
