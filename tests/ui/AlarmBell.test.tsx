import '../support/fakes/resizeObserver';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../src/machines/dateRange/dateText';
import { browserTimeZone } from '../../src/services/timeZone';
import { alarmEntry, alarmServer, historyRow } from '../support/servers/alarmHandlers';
import { operatorSession } from '../support/fixtures/fixtures';
import { renderApp, storeSession } from '../support/dom/renderApp';
import { server } from './setup';

function renderWithAlarms(...args: Parameters<typeof alarmServer>) {
  const alarms = alarmServer(...args);
  server.use(...alarms.handlers);
  storeSession(operatorSession);
  renderApp('/');
  return alarms;
}

/** An instant as the history shows it: the default date format, on the browser's wall clock. */
const shown = (iso: string) => formatDate(Date.parse(iso), 'dd-LL-yyyy HH:mm', browserTimeZone());

const bell = (count: number) => screen.findByRole('button', { name: `Alarms, ${count} active` });

describe('alarms bell and menu', () => {
  it('counts the active alarms and follows the stream: an entry replaces, an empty one removes', async () => {
    const user = userEvent.setup();
    const alarms = renderWithAlarms([alarmEntry('0A0B0C', 'Freezer 1', ['HIGH_TEMPERATURE'])]);
    await bell(1);
    await waitFor(() => expect(alarms.lastEventIds).toEqual([null]));
    alarms.push(alarmEntry('0A0B0C', 'Freezer 1', ['HIGH_TEMPERATURE', 'DOOR_OPEN']));
    alarms.push(alarmEntry('0D0E0F', 'Cooler 2', ['SENSOR_FAULT']));
    await user.click(await bell(3));
    const menu = await screen.findByRole('list', { name: 'Alarms' });
    expect(within(menu).getByText('Freezer 1')).toBeTruthy();
    expect(within(menu).getByText('Cooler 2')).toBeTruthy();
    const link = within(menu).getAllByRole('link')[0]!;
    expect(link.getAttribute('href')).toBe('/0A0B0C/1/0/pages/2');
    alarms.push(alarmEntry('0A0B0C', 'Freezer 1', []));
    await bell(1);
    expect(screen.queryByText('Freezer 1')).toBeNull();
  });

  it('resumes the stream after a drop with the last event id', async () => {
    const alarms = renderWithAlarms([]);
    await bell(0);
    await waitFor(() => expect(alarms.lastEventIds).toHaveLength(1));
    alarms.push(alarmEntry('0A0B0C', 'Freezer 1', ['HIGH_TEMPERATURE']));
    await bell(1);
    alarms.drop();
    await waitFor(() => expect(alarms.lastEventIds).toEqual([null, '1']));
  });

  it("filters the history by the user's own devices and departments, chosen by typing part of a name", async () => {
    const user = userEvent.setup();
    const alarms = renderWithAlarms([], [historyRow(0), { ...historyRow(1), suppressed: 'DEFROST' }]);
    await user.click(await bell(0));
    await user.click(await screen.findByRole('button', { name: 'Alarm history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alarm history' });
    await within(dialog).findByText('Device 0');
    // An alarm held back by a defrost is in the history all the same, said to be suppressed (issue 31).
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(
      rows.map((row) => row.textContent?.includes('Suppressed: during a defrost or its recovery')),
    ).toEqual([false, true]);
    const device = within(dialog).getByRole('combobox', { name: 'Device' });
    await user.type(device, 'cold');
    // The tree's devices whose name or hexacode holds what was typed: the cold room, not the pack.
    const offered = await screen.findAllByRole('option');
    expect(offered.map((option) => option.textContent)).toEqual(['Cold room (0A0B0C)']);
    await user.click(offered[0]!);
    expect((device as HTMLInputElement).value).toBe('Cold room (0A0B0C)');
    // The departments offered are the chosen device's, with their names.
    await user.click(within(dialog).getByRole('button', { name: 'Department' }));
    const departments = await screen.findAllByRole('option');
    expect(departments.map((option) => option.textContent)).toEqual(['1.0 Room', '2.0 Freezer']);
    await user.click(departments[1]!);
    await user.click(within(dialog).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(alarms.historyQueries.at(-1)).toMatchObject({ hexacode: '0A0B0C', department: '2.0' }),
    );
  });

  it('acknowledges an alarm with a comment', async () => {
    const user = userEvent.setup();
    const alarms = renderWithAlarms([alarmEntry('0A0B0C', 'Freezer 1', ['HIGH_TEMPERATURE'])]);
    await user.click(await bell(1));
    await user.click(await screen.findByRole('button', { name: /^Acknowledge .* of Freezer 1$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge alarm' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Door closed');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Acknowledge alarm' })).toBeNull());
    expect(alarms.acknowledged).toEqual([{ id: '0A0B0C-HIGH_TEMPERATURE', comment: 'Door closed' }]);
    await screen.findByText('Alarm acknowledged');
    alarms.push(alarmEntry('0A0B0C', 'Freezer 1', ['HIGH_TEMPERATURE'], 'operator'));
    await user.click(await bell(1));
    await screen.findByText('Acknowledged by operator');
  });

  it('shows who was told of an alarm at each escalation level and who shelved it, until when and why', async () => {
    const user = userEvent.setup();
    const told = {
      ...historyRow(0),
      notifications: [
        {
          level: 1,
          round: 0,
          channel: 'push' as const,
          recipient: 'night-shift',
          at: '2026-03-30T10:05:00.000Z',
        },
        {
          level: 2,
          round: 0,
          channel: 'email' as const,
          recipient: 'manager@shop.example',
          at: '2026-03-30T10:35:00.000Z',
        },
      ],
      shelvings: [
        {
          by: 'technician',
          at: '2026-03-30T10:40:00.000Z',
          until: '2026-03-30T14:40:00.000Z',
          reason: 'Compressor being replaced',
          endedAt: null,
          endedBy: null,
        },
      ],
    };
    renderWithAlarms([], [told, historyRow(1)]);
    await user.click(await bell(0));
    await user.click(await screen.findByRole('button', { name: 'Alarm history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alarm history' });
    const row = (await within(dialog).findByText('Device 0')).closest('tr')!;
    expect(
      within(row).getByText(
        `Shelved by technician until ${shown('2026-03-30T14:40:00.000Z')}: Compressor being replaced`,
      ),
    ).toBeTruthy();
    expect(
      within(row).getByText(`Level 1: night-shift (push) at ${shown('2026-03-30T10:05:00.000Z')}`),
    ).toBeTruthy();
    expect(
      within(row).getByText(`Level 2: manager@shop.example (e-mail) at ${shown('2026-03-30T10:35:00.000Z')}`),
    ).toBeTruthy();
    // The row of an alarm nobody was told of and nobody shelved says neither.
    const quiet = within(dialog).getByText('Device 1').closest('tr')!;
    expect(quiet.textContent).not.toMatch(/Shelved by|Level \d/);
  });

  it('pages and sorts the alarm history on the server, and shows its refusal', async () => {
    const user = userEvent.setup();
    const rows = Array.from({ length: 23 }, (_, index) => historyRow(index));
    const alarms = renderWithAlarms([], rows);
    await user.click(await bell(0));
    await user.click(await screen.findByRole('button', { name: 'Alarm history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alarm history' });
    await within(dialog).findByText('Device 0');
    expect(within(dialog).getAllByRole('row')).toHaveLength(11);
    expect(
      within(dialog)
        .getByRole('columnheader', { name: /Occurred/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');
    await user.click(within(dialog).getByRole('button', { name: 'Page 3' }));
    await within(dialog).findByText('Device 20');
    expect(within(dialog).getByText('21–23 of 23')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Sort by Device' }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getByRole('columnheader', { name: /^Device/ })
          .getAttribute('aria-sort'),
      ).toBe('ascending'),
    );
    expect(alarms.historyQueries.at(-1)).toMatchObject({
      page: 0,
      sortField: 'deviceName',
      sortDirection: 'ASC',
    });
    alarms.refuseHistory('Range is too long');
    await user.type(within(dialog).getByRole('combobox', { name: 'Device' }), 'ZZ');
    await user.click(within(dialog).getByRole('button', { name: 'Apply filters' }));
    expect(within(dialog).getByText('Hexacode is invalid')).toBeTruthy();
    await user.clear(within(dialog).getByRole('combobox', { name: 'Device' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Device' }), '0A0B0C');
    await user.click(within(dialog).getByRole('button', { name: 'Apply filters' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Alarm history could not be loaded: Range is too long',
    );
    expect(alarms.historyQueries.at(-1)).toMatchObject({ hexacode: '0A0B0C' });
  });

  it('opens the Notifications blocked dialog when the browser refuses notifications', async () => {
    const user = userEvent.setup();
    renderWithAlarms([]);
    await user.click(await bell(0));
    await user.click(await screen.findByRole('button', { name: 'Test notification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications blocked' });
    expect(within(dialog).getByText(/site settings/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications blocked' })).toBeNull());
  });
});
