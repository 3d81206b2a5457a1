import '../../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { coldRoom, pageTopicOf, widgetOf } from '../../support/fixtures/widgetFixtures';
import { renderWidgetDashboard } from '../../support/dom/renderWidgetDashboard';

const pictograph = widgetOf(
  'PICTOGRAPH',
  [
    { id: 'air', ...coldRoom, lineNumber: 1, icon: 'thermometer', name: 'Air', min: -5, max: 15 },
    { id: 'fans', ...coldRoom, lineNumber: 7, name: 'Fans', color: '#00AA00' },
    { id: 'cooling', ...coldRoom, lineNumber: 8, icon: 'valve', name: 'Cooling', enableLineEdit: true },
    { id: 'door', ...coldRoom, lineNumber: 9, icon: 'door-closed', name: 'Door' },
  ],
  { name: 'Cold room equipment', defaultColor: '#123456' },
);

/** The tile of an element, found by its label. */
const tile = (label: string) => screen.getByText(label).closest('li')!;
/** The coloured box around a tile's icon. */
const iconBox = (label: string) => tile(label).querySelector('svg')!.parentElement!;

const start = async () => {
  const dashboard = await renderWidgetDashboard(pictograph);
  await screen.findByText('Air');
  // The renderer is loaded lazily and listens to the dashboard from its effects, which a loaded machine can run
  // after the tiles are painted: a value pushed before would only show later. A first value shown says it listens.
  dashboard.push(pageTopicOf(coldRoom), [{ number: 1, status: 'OK', value: '2', unit: '°C', state: null }]);
  await within(tile('Air')).findByText('2 °C');
  return dashboard;
};

describe('PICTOGRAPH widget', () => {
  it('shows each element with icon, label and live value, in its colour or the widget default', async () => {
    const { actor, push } = await start();
    push(pageTopicOf(coldRoom), [
      { number: 1, status: 'OK', value: '4.5', unit: '°C', state: null },
      { number: 7, status: 'OK', value: '0', unit: null, state: null },
      { number: 8, status: 'DEVICE_CAN_RECEIVED', value: null, unit: null, state: null },
    ]);
    expect(within(tile('Air')).getByText('4.5 °C')).toBeTruthy();
    expect(within(tile('Cooling')).getByText('Device offline or data unavailable')).toBeTruthy();
    expect(iconBox('Fans').style.color).toBe('rgb(0, 170, 0)');
    expect(iconBox('Air').style.color).toBe('rgb(18, 52, 86)');
    expect(within(tile('Air')).queryByText('Out of range')).toBeNull();
    actor.stop();
  });

  it('spins the fan only while it runs', async () => {
    const { actor, push } = await start();
    const spinning = () => tile('Fans').querySelector('svg')!.classList.contains('motion-safe:animate-spin');
    push(pageTopicOf(coldRoom), [{ number: 7, status: 'OK', value: '0', unit: null, state: null }]);
    expect(spinning()).toBe(false);
    push(pageTopicOf(coldRoom), [{ number: 7, status: 'OK', value: '1', unit: null, state: null }]);
    expect(spinning()).toBe(true);
    // A line of states runs in any language: by its state's index, not by its label.
    push(pageTopicOf(coldRoom), [{ number: 7, status: 'OK', value: 'Ein', unit: null, state: 1 }]);
    expect(spinning()).toBe(true);
    push(pageTopicOf(coldRoom), [{ number: 7, status: 'OK', value: 'Aus', unit: null, state: 0 }]);
    expect(spinning()).toBe(false);
    actor.stop();
  });

  it('marks a value outside the element range as out of range', async () => {
    const { actor, push } = await start();
    push(pageTopicOf(coldRoom), [{ number: 1, status: 'OK', value: '18', unit: '°C', state: null }]);
    expect(within(tile('Air')).getByText('Out of range')).toBeTruthy();
    push(pageTopicOf(coldRoom), [{ number: 1, status: 'OK', value: '-6', unit: '°C', state: null }]);
    expect(within(tile('Air')).getByText('Out of range')).toBeTruthy();
    push(pageTopicOf(coldRoom), [{ number: 1, status: 'OK', value: '5', unit: '°C', state: null }]);
    expect(within(tile('Air')).queryByText('Out of range')).toBeNull();
    // The thermometer fills half way between -5 and 15.
    expect(tile('Air').querySelector('rect')!.getAttribute('height')).toBe('5');
    actor.stop();
  });

  it('leaves out elements whose status is neither OK nor device offline', async () => {
    const { actor, push } = await start();
    push(pageTopicOf(coldRoom), [
      { number: 9, status: 'LINE_NOT_PRESENT', value: null, unit: null, state: null },
    ]);
    expect(screen.queryByText('Door')).toBeNull();
    expect(screen.getByText('Air')).toBeTruthy();
    actor.stop();
  });

  it('lets the operator edit the line of an element with line edit on', async () => {
    const { actor, editLineEvents } = await start();
    expect(screen.getAllByRole('button', { name: /^Edit / })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Cooling' }));
    expect(editLineEvents().map((event) => event.element.id)).toEqual(['cooling']);
    actor.stop();
  });
});
