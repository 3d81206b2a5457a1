import '../support/fakes/resizeObserver';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { deviceConfigurationMachine } from '../../src/machines/deviceConfiguration/deviceConfigurationMachine';
import type { DeviceConfigurationSave, SortSettings } from '#contracts';
import { DeviceConfigurationDialog } from '../../src/ui/dialogs/DeviceConfigurationDialog';
import { deviceTree } from '../support/fixtures/devicePageFixtures';

function renderDialog(settings: SortSettings = { sortMode: 'NAME', sortDirection: 'ASC' }) {
  const save = vi.fn((_: DeviceConfigurationSave) => Promise.resolve());
  const actor = createActor(
    deviceConfigurationMachine.provide({
      actors: {
        saveConfiguration: fromPromise(({ input }: { input: DeviceConfigurationSave }) => save(input)),
      },
      actions: { notify: () => {} },
    }),
    { input: { tree: deviceTree, settings } },
  ).start();
  render(<DeviceConfigurationDialog actor={actor} />);
  const dialog = screen.getByRole('dialog', { name: 'Device configuration' });
  // The first name field of each row of the devices list: the business group's or device's own name.
  const shown = () =>
    [...within(dialog).getByRole('list', { name: 'Devices' }).children].map(
      (row) => (within(row as HTMLElement).getAllByRole('textbox')[0] as HTMLInputElement).value,
    );
  return { actor, save, dialog, shown, user: userEvent.setup() };
}

describe('device configuration dialog', () => {
  it('requires business group, device and department names before saving', async () => {
    const { dialog, save, user } = renderDialog();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Device name of Bakery' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Business group name of Store 101' }));
    await user.clear(
      within(dialog).getByRole('textbox', { name: 'Department name of Department 1 on Case 3' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Device name is required')).toBeTruthy();
    expect(within(dialog).getByText('Business group name is required')).toBeTruthy();
    expect(within(dialog).getByText('Department name is required')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('sorts by name and saves the new names', async () => {
    const { actor, dialog, save, shown, user } = renderDialog();
    expect(shown()).toEqual(['Alpha', 'Bakery', 'Store 101']);
    const bakery = within(dialog).getByRole('textbox', { name: 'Device name of Bakery' });
    await user.clear(bakery);
    await user.type(bakery, 'Zebra bakery');
    expect(shown()).toEqual(['Alpha', 'Store 101', 'Zebra bakery']);
    expect(document.activeElement).toBe(bakery);
    await user.click(within(dialog).getByRole('button', { name: 'Direction' }));
    await user.click(await screen.findByRole('option', { name: 'Descending' }));
    expect(shown()).toEqual(['Zebra bakery', 'Store 101', 'Alpha']);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(save.mock.calls[0]![0].settings).toEqual({ sortMode: 'NAME', sortDirection: 'DESC' });
  });

  it('reorders in custom order with the move buttons, not while searching', async () => {
    const { dialog, shown, user } = renderDialog({ sortMode: 'CUSTOM', sortDirection: 'ASC' });
    expect(shown()).toEqual(['Bakery', 'Store 101', 'Alpha']);
    await user.click(within(dialog).getByRole('button', { name: 'Move Controller 12 up' }));
    expect(shown()).toEqual(['Bakery', 'Alpha', 'Store 101']);
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search devices' }), 'bak');
    expect(shown()).toEqual(['Bakery']);
    expect(within(dialog).queryByRole('button', { name: 'Move Bakery down' })).toBeNull();
    expect(
      within(dialog).getByText('Reordering is available in custom order without a search.'),
    ).toBeTruthy();
  });

  it('cancels', async () => {
    const { actor, dialog, user } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(actor.getSnapshot().output).toEqual({ result: 'cancelled' });
  });
});
