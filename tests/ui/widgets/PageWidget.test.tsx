import '../../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { coldRoom, pageTopicOf, widgetOf } from '../../support/fixtures/widgetFixtures';
import { renderWidgetDashboard } from '../../support/dom/renderWidgetDashboard';

const pageWidget = (enableLineEdit: boolean) =>
  widgetOf(
    'PAGE',
    [
      { id: 'e-air', ...coldRoom, lineNumber: 1, name: 'Air temperature' },
      { id: 'e-fans', ...coldRoom, lineNumber: 7, dataName: 'Evaporator fans' },
      { id: 'e-loose', hexacode: '1A0105', lineNumber: 9 },
    ],
    { name: 'Cold room status', enableLineEdit },
  );

describe('PAGE widget', () => {
  it('lists every line of the page with its live value or status text', async () => {
    const { actor, push } = await renderWidgetDashboard(pageWidget(false));

    const list = await screen.findByRole('list', { name: 'Cold room status' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Air temperature—',
      'Evaporator fans—',
      '1A0105 line 9—',
    ]);

    push(pageTopicOf(coldRoom), [
      { number: 1, status: 'OK', value: '2.5', unit: '°C', state: null },
      { number: 7, status: 'DEVICE_CAN_RECEIVED', value: null, unit: null, state: null },
    ]);
    expect(rows[0]!.textContent).toBe('Air temperature2.5 °C');
    expect(rows[1]!.textContent).toBe('Evaporator fansDevice offline or data unavailable');
    // Line edit is off: no edit buttons.
    expect(within(list).queryAllByRole('button')).toHaveLength(0);
    actor.stop();
  });

  it('with line edit, lets the operator edit each addressed line', async () => {
    const { actor, editLineEvents } = await renderWidgetDashboard(pageWidget(true));

    await userEvent.click(await screen.findByRole('button', { name: 'Edit Evaporator fans' }));
    expect(editLineEvents().map((event) => event.element.id)).toEqual(['e-fans']);
    expect(screen.getByRole('button', { name: 'Edit Air temperature' })).toBeTruthy();
    // An element without a whole line address cannot be edited.
    expect(screen.queryByRole('button', { name: 'Edit 1A0105 line 9' })).toBeNull();
    actor.stop();
  });
});
