import '../support/fakes/resizeObserver';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toPromise } from 'xstate';
import { preferencesOf } from '../../src/machines/userPreferences';
import { DEFAULT_ACCOUNT_SETTINGS, Widget, type WidgetInterval } from '#contracts';
import { DateRangePickerDialog } from '../../src/ui/dateRange/DateRangePickerDialog';
import { WidgetDetailsDialog } from '../../src/ui/widgetEditor/WidgetDetailsDialog';
import { savedLineWidget, startWidgetEditor } from '../support/fixtures/widgetEditorFixtures';

// Monday 30 March 2026, 06:00 in New York (EDT, UTC-4): the dialog's zone is given, never the machine's.
const NOW = Date.parse('2026-03-30T10:00:00Z');
const ZONE = 'America/New_York';
const last24: WidgetInterval = { type: 'LAST_24_HOURS', start: null, end: null, compareTo: null };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

function renderPicker(value = last24, allowCompare = false) {
  const onApply = vi.fn();
  const onCancel = vi.fn();
  render(
    <DateRangePickerDialog
      value={value}
      onApply={onApply}
      onCancel={onCancel}
      allowCompare={allowCompare}
      dateFormat="LL-dd-yyyy HH:mm"
      timeZone={ZONE}
    />,
  );
  const user = userEvent.setup();
  const dialog = screen.getByRole('dialog', { name: 'Time range' });
  /** The user types `text` over what `field` holds and presses Apply. */
  const applyTyped = async (field: HTMLElement, text: string) => {
    await user.clear(field);
    await user.type(field, text);
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
  };
  return { onApply, onCancel, user, dialog, applyTyped };
}

// Typing whole dates key by key is slow on the two shared cores.
describe('date range picker dialog', { timeout: 20_000 }, () => {
  it('shows the presets with the current one chosen, and applies another', async () => {
    const { onApply, user, dialog } = renderPicker();
    const range = within(dialog).getByRole('group', { name: 'Range' });
    expect(
      within(range)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['LAST_24_HOURS', 'LAST_7_DAYS', 'LAST_30_DAYS', 'THIS_MONTH', 'LAST_MONTH', 'CUSTOM']);
    expect(within(range).getByRole('radio', { name: 'Last 24 hours' })).toHaveProperty('checked', true);
    expect(within(dialog).queryByRole('textbox', { name: 'Start date' })).toBeNull();
    expect(within(dialog).queryByRole('checkbox', { name: 'Compare with an earlier range' })).toBeNull();
    await user.click(within(range).getByRole('radio', { name: 'Last month' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ type: 'LAST_MONTH', start: null, end: null, compareTo: null });
  });

  it('takes a custom range typed in the user’s format, on the wall clock of the user’s zone', async () => {
    const { onApply, user, dialog, applyTyped } = renderPicker();
    await user.click(within(dialog).getByRole('radio', { name: 'Custom' }));
    expect(within(dialog).getByText('Dates as MM-DD-YYYY HH:mm, hours 0–23')).toBeTruthy();
    const start = within(dialog).getByRole('textbox', { name: 'Start date' });
    const end = within(dialog).getByRole('textbox', { name: 'End date' });
    // The last 24 hours, as the custom range starts out.
    expect([(start as HTMLInputElement).value, (end as HTMLInputElement).value]).toEqual([
      '03-29-2026 06:00',
      '03-30-2026 06:00',
    ]);

    await applyTyped(start, '2026-03-01 08:00');
    expect(within(dialog).getByText('Start date is invalid, use MM-DD-YYYY HH:mm format')).toBeTruthy();
    expect(start.getAttribute('aria-invalid')).toBe('true');

    await applyTyped(start, '03-31-2026 24:00');
    expect(within(dialog).getByText('Start date is invalid, use MM-DD-YYYY HH:mm format')).toBeTruthy();

    await applyTyped(start, '03-31-2026 08:15');
    expect(within(dialog).getByText('End date value must be after 03-31-2026 08:15')).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();

    await user.clear(start);
    await user.type(start, '03-01-2026 23:59{Enter}');
    expect(onApply).toHaveBeenCalledWith({
      type: 'CUSTOM',
      start: '2026-03-02T04:59:00.000Z', // EST
      end: '2026-03-30T10:00:00.000Z', // EDT
      compareTo: null,
    });
  });

  it('adds a comparison range when the caller allows one', async () => {
    const { onApply, user, dialog, applyTyped } = renderPicker(last24, true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Compare with an earlier range' }));
    const earlier = within(dialog).getByRole('spinbutton', { name: 'Earlier by' });
    expect((earlier as HTMLInputElement).value).toBe('1');
    await applyTyped(earlier, '0');
    expect(within(dialog).getByText('Enter a whole number from 1 to 800')).toBeTruthy();
    await user.clear(earlier);
    await user.type(earlier, '6');
    await user.click(within(dialog).getByRole('button', { name: 'Unit' }));
    await user.click(await screen.findByRole('option', { name: 'Hours' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ ...last24, compareTo: { value: 6, unit: 'HOURS' } });
  });

  it('cancels with the button or Escape', async () => {
    const first = renderPicker();
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Cancel' }));
    expect(first.onCancel).toHaveBeenCalledOnce();
    expect(first.onApply).not.toHaveBeenCalled();
  });

  it('closes on Escape as a cancel', async () => {
    const { onCancel, user } = renderPicker();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
  });
});

describe('the widget details dialog’s time range', { timeout: 20_000 }, () => {
  const card: Widget = v.parse(Widget, {
    id: 'card-1',
    type: 'CARD_CHART',
    name: 'Room card',
    position: { i: 'card-1', x: 0, y: 0, w: 3, h: 4 },
    elements: savedLineWidget.elements,
  });

  it('is chosen with the date range picker and saved with the widget', async () => {
    const preferences = preferencesOf(
      null,
      { ...DEFAULT_ACCOUNT_SETTINGS, dateFormat: 'yyyy-LL-dd HH:mm' },
      ZONE,
    );
    const { actor } = startWidgetEditor({ widget: card, preferences });
    render(<WidgetDetailsDialog actor={actor} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Time range: Last 7 days' }));
    const picker = screen.getByRole('dialog', { name: 'Time range' });
    await user.click(within(picker).getByRole('radio', { name: 'Custom' }));
    expect((within(picker).getByRole('textbox', { name: 'End date' }) as HTMLInputElement).value).toBe(
      '2026-03-30 06:00',
    );
    await user.click(within(picker).getByRole('checkbox', { name: 'Compare with an earlier range' }));
    await user.click(within(picker).getByRole('button', { name: 'Apply' }));

    const details = await screen.findByRole('dialog', { name: 'Widget details' });
    const shown = within(details).getByRole('button', { name: /^Time range: / });
    expect(shown.textContent).toBe('2026-03-23 06:00 – 2026-03-30 06:00, compared with 1 day earlier');
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    expect((await toPromise(actor))?.widget.interval).toEqual({
      type: 'CUSTOM',
      start: '2026-03-23T10:00:00.000Z',
      end: '2026-03-30T10:00:00.000Z',
      compareTo: { value: 1, unit: 'DAYS' },
    });
  });

  it('keeps the stored range when the picker is cancelled', async () => {
    const { actor } = startWidgetEditor({ widget: card });
    render(<WidgetDetailsDialog actor={actor} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Time range: Last 7 days' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Time range' })).getByRole('radio', { name: 'This month' }),
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Time range: Last 7 days' })).toBeTruthy();
  });
});
