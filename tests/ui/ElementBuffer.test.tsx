import '../support/fakes/resizeObserver';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toPromise } from 'xstate';
import { Widget } from '#contracts';
import { WidgetDetailsDialog } from '../../src/ui/widgetEditor/WidgetDetailsDialog';
import { adminPreferences, operatorPreferences } from '../support/fixtures/preferencesFixtures';
import { savedLineWidget, startWidgetEditor } from '../support/fixtures/widgetEditorFixtures';

// 30 March 2026, 12:00 in Copenhagen; the user's zone is given, never the machine's.
const NOW = Date.parse('2026-03-30T10:00:00Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const operator = operatorPreferences;
const admin = adminPreferences;

/** A line chart of Cold room › Room 1 › line 1, whose line the buffer of PC number 1 records (roomLines). */
const chart: Widget = v.parse(Widget, {
  ...savedLineWidget,
  id: 'chart-1',
  type: 'LINE_CHART',
  name: 'Room chart',
});

async function openElement(preferences = operator, widget = chart) {
  const { actor } = startWidgetEditor({ widget, preferences });
  render(<WidgetDetailsDialog actor={actor} />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Edit element 1' }));
  const step = await screen.findByRole('dialog', { name: 'Widget element' });
  /** Saves the element step, then the widget from its details dialog: the elements the editor hands back. */
  const savedElements = async () => {
    await user.click(within(step).getByRole('button', { name: 'Save' }));
    const details = await screen.findByRole('dialog', { name: 'Widget details' });
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    return (await toPromise(actor))!.widget.elements;
  };
  return { user, step, savedElements };
}

/** The element step's Buffer group, once it shows the buffer stored for PC number 1. */
async function storedBuffer(step: HTMLElement) {
  const buffer = within(step).getByRole('group', { name: 'Buffer' });
  await within(buffer).findByText('Records every 300 s since 01-03-2026 01:00');
  return buffer;
}

async function choose(user: ReturnType<typeof userEvent.setup>, list: string, option: string) {
  await user.click(screen.getByRole('button', { name: list }));
  await user.click(
    within(await screen.findByRole('listbox', { name: list })).getByRole('option', { name: option }),
  );
}

describe('element buffer', { timeout: 20_000 }, () => {
  it('reads the default PC number’s buffer; another without one is not available and keeps the element', async () => {
    const { user, step, savedElements } = await openElement();
    const buffer = await storedBuffer(step);
    const useDefault = within(buffer).getByRole('checkbox', { name: 'Use my default PC number (1)' });
    expect(useDefault).toHaveProperty('checked', true);
    expect(within(buffer).getByRole('button', { name: 'PC number' }).hasAttribute('disabled')).toBe(true);
    expect(within(buffer).queryByRole('button', { name: 'Change the buffer' })).toBeNull();

    await user.click(useDefault);
    await user.click(within(buffer).getByRole('button', { name: 'PC number' }));
    const options = within(await screen.findByRole('listbox', { name: 'PC number' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['1', '3']);
    await user.click(options[1]!);
    expect(within(buffer).getByText('No buffer of PC number 3 records this line')).toBeTruthy();
    expect(within(buffer).getByText('Creating buffers needs the buffers write grant')).toBeTruthy();
    expect(within(buffer).queryByRole('button', { name: 'Create a buffer' })).toBeNull();

    await user.click(within(step).getByRole('button', { name: 'Save' }));
    expect(within(step).getByRole('alert').textContent).toBe('Buffer not available');
    expect(screen.getByRole('dialog', { name: 'Widget element' })).toBe(step);

    await user.click(useDefault);
    expect(within(step).queryByRole('alert')).toBeNull();
    expect((await savedElements())[0]).toMatchObject({
      pcNumber: 1,
      useDefaultPcNumber: true,
      buffer: { status: 'OK', pcNumber: 1, interval: 300, start: '2026-03-01T00:00:00.000Z' },
    });
  });

  it('creates a buffer of any PC number for a user with the grants, from the shortest interval and now', async () => {
    const { user, step, savedElements } = await openElement(admin);
    const buffer = await storedBuffer(step);
    await user.click(within(buffer).getByRole('checkbox', { name: 'Use my default PC number (1)' }));
    await user.click(within(buffer).getByRole('button', { name: 'PC number' }));
    const list = await screen.findByRole('listbox', { name: 'PC number' });
    expect(within(list).getAllByRole('option')).toHaveLength(99);
    await user.click(within(list).getByRole('option', { name: '42' }));
    await user.click(within(buffer).getByRole('button', { name: 'Create a buffer' }));

    const interval = within(buffer).getByRole('spinbutton', { name: 'Interval (seconds)' });
    const start = within(buffer).getByRole('textbox', { name: 'Recording starts' });
    expect([(interval as HTMLInputElement).value, (start as HTMLInputElement).value]).toEqual([
      '300',
      '30-03-2026 12:00',
    ]);
    expect(within(buffer).getByText('The buffer is created when the dashboard is saved')).toBeTruthy();
    await user.clear(interval);
    await user.type(interval, '60');
    expect(
      within(buffer).getByText('Interval must be a whole number of seconds from 300 to 86400'),
    ).toBeTruthy();
    await user.click(within(step).getByRole('button', { name: 'Save' }));
    expect(within(step).getByRole('alert').textContent).toBe('Buffer not available');
    await user.clear(interval);
    await user.type(interval, '900');
    await user.clear(start);
    await user.type(start, '31-03-2026 00:00');
    expect((await savedElements())[0]).toMatchObject({
      pcNumber: 42,
      useDefaultPcNumber: false,
      buffer: { status: 'CREATE_BUFFER', pcNumber: 42, interval: 900, start: '2026-03-30T22:00:00.000Z' },
    });
  });

  it('changes the existing buffer’s interval on save, or keeps it as it is', async () => {
    const { user, step, savedElements } = await openElement(admin);
    const buffer = await storedBuffer(step);
    await user.click(within(buffer).getByRole('button', { name: 'Change the buffer' }));
    const interval = within(buffer).getByRole('spinbutton', { name: 'Interval (seconds)' });
    expect((interval as HTMLInputElement).value).toBe('300');
    expect(
      (within(buffer).getByRole('textbox', { name: 'Recording starts' }) as HTMLInputElement).value,
    ).toBe('01-03-2026 01:00');
    expect(within(buffer).getByText('The buffer is changed when the dashboard is saved')).toBeTruthy();
    await user.click(within(buffer).getByRole('button', { name: 'Keep the buffer as it is' }));
    expect(within(buffer).getByText('Records every 300 s since 01-03-2026 01:00')).toBeTruthy();

    await user.click(within(buffer).getByRole('button', { name: 'Change the buffer' }));
    await user.clear(within(buffer).getByRole('spinbutton', { name: 'Interval (seconds)' }));
    await user.type(within(buffer).getByRole('spinbutton', { name: 'Interval (seconds)' }), '600');
    expect((await savedElements())[0]?.buffer).toEqual({
      status: 'CREATE_BUFFER',
      pcNumber: 1,
      interval: 600,
      start: '2026-03-01T00:00:00.000Z',
    });
  });

  it('shows on a metric card only while it compares with another buffer', async () => {
    const card = v.parse(Widget, { ...savedLineWidget, id: 'card-1', type: 'CARD_CHART', name: 'Room card' });
    const { user, step } = await openElement(operator, card);
    await within(step).findByRole('button', { name: 'Compare with' });
    expect(within(step).queryByRole('group', { name: 'Buffer' })).toBeNull();
    await choose(user, 'Compare with', 'Another buffer');
    const buffer = within(step).getByRole('group', { name: 'Buffer' });
    await waitFor(() =>
      expect(within(buffer).getByText('Records every 300 s since 01-03-2026 01:00')).toBeTruthy(),
    );
    await choose(user, 'Compare with', 'Nothing');
    expect(within(step).queryByRole('group', { name: 'Buffer' })).toBeNull();
  });
});
