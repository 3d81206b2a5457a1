import '../../support/fakes/resizeObserver';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { coldRoom, freezerRoom, pageTopicOf, widgetOf } from '../../support/fixtures/widgetFixtures';
import { renderWidgetDashboard } from '../../support/dom/renderWidgetDashboard';

const elements = [
  { id: 'cold-air', ...coldRoom, lineNumber: 1, label: 'Cold room', dataName: 'Air', name: 'Cold air' },
  { id: 'cold-setpoint', ...coldRoom, pageNumber: 2, lineNumber: 1 },
  { id: 'freezer-air', ...freezerRoom, lineNumber: 1 },
];

const renderTable = async (fields: Record<string, unknown>) => {
  const dashboard = await renderWidgetDashboard(widgetOf('TABLE', elements, { name: 'Rooms', ...fields }));
  const table = await screen.findByRole('table', { name: 'Rooms' });
  dashboard.push(pageTopicOf(coldRoom), [{ number: 1, status: 'OK', value: '2.5', unit: '°C', state: null }]);
  dashboard.push(pageTopicOf(coldRoom, 2), [
    { number: 1, status: 'OK', value: '3', unit: '°C', state: null },
  ]);
  dashboard.push(pageTopicOf(freezerRoom), [
    { number: 1, status: 'NO_DATA', value: null, unit: null, state: null },
  ]);
  return { ...dashboard, table };
};

/** The column headers' text. */
const columnHeaders = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

/** Each body row as its header and cells' text. */
const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.children].map((cell) => cell.textContent));

describe('TABLE widget', () => {
  it('shows devices by lines with values and units, headed by label or address, name or number', async () => {
    const { actor, table } = await renderTable({ presentation: 'VALUES_AND_UNITS' });
    expect(columnHeaders(table)).toEqual(['Air', 'Line 1 (page 2)']);
    expect(bodyRows(table)).toEqual([
      ['Cold room', '2.5 °C', '3 °C'],
      ['1A0106 1.0', 'No data', ''],
    ]);
    expect(within(table).getAllByRole('rowheader')).toHaveLength(2);
    actor.stop();
  });

  it('shows values alone, or under the custom name, as the presentation asks', async () => {
    const only = await renderTable({ presentation: 'ONLY_VALUES' });
    expect(bodyRows(only.table)[0]).toEqual(['Cold room', '2.5', '3']);
    only.actor.stop();
    cleanup();

    const described = await renderTable({ presentation: 'DESCRIPTION_VALUES_UNITS' });
    expect(bodyRows(described.table)[0]).toEqual(['Cold room', 'Cold air2.5 °C', '3 °C']);
    described.actor.stop();
  });

  it('transposes with the ROWS presentation: devices as columns', async () => {
    const { actor, table } = await renderTable({ dataPresentation: 'ROWS' });
    expect(columnHeaders(table)).toEqual(['Cold room', '1A0106 1.0']);
    expect(bodyRows(table)).toEqual([
      ['Air', '2.5 °C', 'No data'],
      ['Line 1 (page 2)', '3 °C', ''],
    ]);
    actor.stop();
  });

  it('pages through the rows by the page length', async () => {
    const { actor, table } = await renderTable({ pageLength: 1 });
    expect(bodyRows(table).map((row) => row[0])).toEqual(['Cold room']);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous rows' }).disabled).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Next rows' }));
    expect(bodyRows(table).map((row) => row[0])).toEqual(['1A0106 1.0']);
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next rows' }).disabled).toBe(true);
    actor.stop();
  });

  it('without enough rows to page, has no page buttons', async () => {
    const { actor } = await renderTable({});
    expect(screen.queryByRole('navigation', { name: 'Table pages' })).toBeNull();
    actor.stop();
  });

  it('with line edit, makes each value a button editing its line', async () => {
    const { actor, table, editLineEvents } = await renderTable({ enableLineEdit: true });
    const cell = within(table).getByRole('button', { name: 'Edit Cold air' });
    expect(cell.textContent).toBe('2.5 °C');
    await userEvent.click(within(table).getByRole('button', { name: 'Edit 1A0106 line 1' }));
    expect(editLineEvents().map((event) => event.element.id)).toEqual(['freezer-air']);
    actor.stop();
  });
});
