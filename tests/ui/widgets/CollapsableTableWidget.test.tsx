import '../../support/fakes/resizeObserver';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../../src/machines/userPreferences';
import { DashboardGrid } from '../../../src/ui/dashboards/DashboardGrid';
import { I18nProvider } from '../../../src/ui/i18n';
import { HOUR_MS, NOON, type ValueAt } from '../../support/fixtures/historyFixtures';
import { historyHandler, startHistoryDashboard } from '../../support/servers/historyHandlers';
import { coldRoom, dashboardWith, widgetOf } from '../../support/fixtures/widgetFixtures';
import { server } from '../setup';

const air = { id: 'air', ...coldRoom, lineNumber: 1, name: 'Air' };
const door = { id: 'door', ...coldRoom, lineNumber: 4, name: 'Door' };
/** Air at 2 °C until 06:00 UTC, 5 °C after; the door opens (1) for the hour from 09:00 UTC. */
const values: ValueAt = (id, t) => {
  const hour = new Date(t).getUTCHours();
  if (id === 'door') return t > NOON - 24 * HOUR_MS + 20 * HOUR_MS && hour === 9 ? 1 : 0;
  return t >= NOON - 6 * HOUR_MS ? 5 : 2;
};

async function start(fields: Record<string, unknown> = {}, locale = 'en') {
  const { handler } = historyHandler({ valueAt: values, units: { door: '' } });
  server.use(handler);
  const { actor } = startHistoryDashboard(
    dashboardWith(widgetOf('COLLAPSABLE_TABLE', [air, door], { name: 'Cold room log', ...fields })),
  );
  render(
    <I18nProvider locale={locale}>
      <DashboardGrid actor={actor} />
    </I18nProvider>,
  );
  const table = await screen.findByRole('table', { name: 'Cold room log' });
  return { actor, table };
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.children].map((cell) => cell.textContent));

describe('COLLAPSABLE_TABLE widget', () => {
  it('lists the buffered values as rows by time, newest first, with units and times, 10 a page', async () => {
    const { actor, table } = await start();
    const rows = rowsOf(table);
    expect(rows[0]).toEqual(['Time', 'Air', 'Door']);
    expect(rows.slice(1, 4)).toEqual([
      ['12-03-2025 12:00', '5 °C', '0'],
      ['12-03-2025 11:00', '5 °C', '0'],
      ['12-03-2025 10:00', '5 °C', '1'],
    ]);
    expect(rows).toHaveLength(11);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next rows' }));
    expect(rowsOf(table)[1]).toEqual(['12-03-2025 02:00', '2 °C', '0']);
    actor.stop();
  });

  it('writes values in the decimals of the interface language', async () => {
    const { actor, table } = await start({ collapseOn: 'DAY' }, 'de');
    // The German catalogue loads lazily: the header says 'Zeit' once it has.
    await within(table).findByRole('columnheader', { name: 'Zeit' });
    expect(rowsOf(table)[1]).toEqual(['▸12-03-2025: 13 Zeilen', '3,38 °C', '0,08']);
    actor.stop();
  });

  it("writes times in the user's date format", async () => {
    const { actor, table } = await start();
    act(() => {
      actor.send({
        type: 'dashboard.preferencesChanged',
        preferences: { ...DEFAULT_PREFERENCES, dateFormat: 'yyyy-LL-dd HH:mm' },
      });
    });
    expect(rowsOf(table)[1]![0]).toBe('2025-03-12 12:00');
    actor.stop();
  });

  it('shows bare values without times when told so, at its own page length', async () => {
    const { actor, table } = await start({ showUnits: false, showTimestamps: false, pageLength: 5 });
    const rows = rowsOf(table);
    expect(rows[0]).toEqual(['Air', 'Door']);
    expect(rows[1]).toEqual(['5', '0']);
    expect(rows).toHaveLength(6);
    expect(screen.getByText('Page 1 of 5')).toBeTruthy();
    actor.stop();
  });

  it('folds the rows under their days, each with its averages, opened and closed by keyboard', async () => {
    const { actor, table } = await start({ collapseOn: 'DAY' });
    expect(rowsOf(table)).toEqual([
      ['Time', 'Air', 'Door'],
      // Local 00:00 to 12:00: seven hours at 2 °C, six at 5 °C; the door open one hour.
      ['▸12-03-2025: 13 rows', '3.38 °C', '0.08'],
      ['▸11-03-2025: 11 rows', '2 °C', '0'],
    ]);
    const today = screen.getByRole('button', { name: '12-03-2025: 13 rows' });
    expect(today.getAttribute('aria-expanded')).toBe('false');
    today.focus();
    await userEvent.keyboard('{Enter}');
    expect(today.getAttribute('aria-expanded')).toBe('true');
    expect(rowsOf(table)[2]).toEqual(['12:00', '5 °C', '0']);
    expect(rowsOf(table)).toHaveLength(16);
    await userEvent.keyboard('{Enter}');
    expect(rowsOf(table)).toHaveLength(3);
    actor.stop();
  });

  it('filters the rows by what is typed in its search field', async () => {
    const { actor, table } = await start({ filterMode: 'SEARCH' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter rows of Cold room log' }), '10:00');
    // The range starts at 13:00 on the 11th: one 10:00 only.
    expect(rowsOf(table).slice(1)).toEqual([['12-03-2025 10:00', '5 °C', '1']]);
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), 'nothing like this');
    expect(screen.getByText('No rows match')).toBeTruthy();
    actor.stop();
  });

  it('shows only the rows where a value changed', async () => {
    const { actor, table } = await start({ filterMode: 'CHANGES' });
    expect(screen.getByText('Only rows where a value changed')).toBeTruthy();
    expect(rowsOf(table).slice(1)).toEqual([
      ['12-03-2025 11:00', '5 °C', '0'],
      ['12-03-2025 10:00', '5 °C', '1'],
      ['12-03-2025 07:00', '5 °C', '0'],
      ['11-03-2025 13:00', '2 °C', '0'],
    ]);
    actor.stop();
  });
});
