import '../../support/fakes/resizeObserver';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toPromise } from 'xstate';
import { Widget } from '#contracts';
import { WidgetDetailsDialog } from '../../../src/ui/widgetEditor/WidgetDetailsDialog';
import {
  addressSettled,
  savedLineWidget,
  startWidgetEditor,
} from '../../support/fixtures/widgetEditorFixtures';

type User = ReturnType<typeof userEvent.setup>;

async function choose(user: User, list: string, option: string) {
  await user.click(screen.getByRole('button', { name: list }));
  await user.click(
    within(await screen.findByRole('listbox', { name: list })).getByRole('option', { name: option }),
  );
}

const widgetOf = (type: Widget['type'], fields: Record<string, unknown> = {}): Widget =>
  v.parse(Widget, { ...savedLineWidget, id: 'w-history', type, name: 'Room history', ...fields });

function open(widget: Widget) {
  const { actor } = startWidgetEditor({ widget });
  render(<WidgetDetailsDialog actor={actor} />);
  return { actor, user: userEvent.setup() };
}

describe('history widget editors', () => {
  it('offers the four historical types in the type selector', async () => {
    const { user } = open(widgetOf('LINE_CHART'));
    await user.click(screen.getByRole('button', { name: 'Widget type' }));
    const options = within(await screen.findByRole('listbox', { name: 'Widget type' }));
    for (const name of ['Line chart', 'Two-axis chart', 'Multi-grid chart', 'Collapsible table'])
      expect(options.getByRole('option', { name })).toBeTruthy();
  });

  it("edits a chart's tooltip comparison and axes, and each element's series type, axis and overlay lines", async () => {
    const { actor, user } = open(widgetOf('MULTIPLE_Y_CHART'));
    await choose(user, 'Tooltip difference to the comparison', 'In percent');
    await user.click(screen.getByRole('checkbox', { name: 'Show axes' }));

    await user.click(screen.getByRole('button', { name: 'Edit element 1' }));
    const step = await screen.findByRole('dialog', { name: 'Widget element' });
    await addressSettled(actor.getSnapshot().children.widgetElement!);
    await choose(user, 'Series type', 'Steps');
    await user.click(within(step).getByRole('button', { name: 'Y axis' }));
    const axes = within(await screen.findByRole('listbox', { name: 'Y axis' })).getAllByRole('option');
    // A two-axis chart has a left and a right axis only.
    expect(axes.map((option) => option.textContent)).toEqual(['Left', 'Right']);
    await user.click(axes[1]!);
    await user.click(within(step).getByRole('checkbox', { name: 'Average line' }));
    await user.click(within(step).getByRole('checkbox', { name: 'Show its axis' }));
    await user.click(within(step).getByRole('button', { name: 'Save' }));

    await user.click(
      within(await screen.findByRole('dialog', { name: 'Widget details' })).getByRole('button', {
        name: 'Save',
      }),
    );
    const output = await toPromise(actor);
    expect(output?.widget).toMatchObject({
      type: 'MULTIPLE_Y_CHART',
      compareTypeTooltip: 'PERCENTAGE',
      showAxis: false,
      elements: [{ serieType: 'step', yAxisNumber: 1, showAverageValue: true, showAxis: false }],
    });
  });

  it('gives each element of a multi-grid chart its own grid: no axis to choose', async () => {
    const { actor, user } = open(widgetOf('MULTIGRID_CHART'));
    await user.click(screen.getByRole('button', { name: 'Edit element 1' }));
    const step = await screen.findByRole('dialog', { name: 'Widget element' });
    await addressSettled(actor.getSnapshot().children.widgetElement!);
    expect(within(step).getByRole('button', { name: 'Series type' })).toBeTruthy();
    expect(within(step).queryByRole('button', { name: 'Y axis' })).toBeNull();
  });

  it('shows times in a new collapsible table', async () => {
    const { actor } = startWidgetEditor();
    render(<WidgetDetailsDialog actor={actor} />);
    await choose(userEvent.setup(), 'Widget type', 'Collapsible table');
    expect((screen.getByRole('checkbox', { name: 'Show times' }) as HTMLInputElement).checked).toBe(true);
  });

  it("edits a collapsible table's folding, filter, page length, times and units", async () => {
    const { actor, user } = open(widgetOf('COLLAPSABLE_TABLE'));
    await choose(user, 'Fold rows by', 'Day');
    await choose(user, 'Filter', 'Only changes');
    const pageLength = screen.getByRole('spinbutton', { name: 'Rows per page' });
    await user.clear(pageLength);
    await user.type(pageLength, '25');
    await user.click(screen.getByRole('checkbox', { name: 'Show times' }));
    await user.click(screen.getByRole('checkbox', { name: 'Show units' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const output = await toPromise(actor);
    expect(output?.widget).toMatchObject({
      collapseOn: 'DAY',
      filterMode: 'CHANGES',
      pageLength: 25,
      showTimestamps: true,
      showUnits: false,
    });
  });
});
