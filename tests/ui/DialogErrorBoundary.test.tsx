import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type * as DeviceConfigurationDialogModule from '../../src/ui/dialogs/DeviceConfigurationDialog';
import { operatorSession } from '../support/fixtures/fixtures';
import { renderApp, storeSession } from '../support/dom/renderApp';

/** The device configuration dialog (mounted by the layout, beside the screens) throws until `failing` is cleared. */
const failing = vi.hoisted(() => ({ dialog: true }));
vi.mock('../../src/ui/dialogs/DeviceConfigurationDialog', async (importActual) => {
  const actual = await importActual<typeof DeviceConfigurationDialogModule>();
  return {
    DeviceConfigurationDialog: (props: Parameters<typeof actual.DeviceConfigurationDialog>[0]) => {
      if (failing.dialog) throw new Error('Configuration list exploded');
      return actual.DeviceConfigurationDialog(props);
    },
  };
});

describe('dialog error boundary', () => {
  it('shows what failed over the page; the screen, sidebar and head bar stay; Retry shows the dialog', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    storeSession(operatorSession);
    renderApp('/');
    // The page first, as the user sees it: the welcome and the device tree come from server answers, and on a
    // loaded machine they may land after the account menu is in place.
    await screen.findByRole('heading', { name: 'Welcome, operator' });
    await screen.findByRole('tree', { name: 'Devices' });
    await user.click(screen.getByRole('button', { name: /^Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Device configuration' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This dialog could not be shown' })).toBeTruthy();
    expect(within(alert).getByText('Configuration list exploded')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Welcome, operator' })).toBeTruthy();
    expect(screen.getByRole('tree', { name: 'Devices' })).toBeTruthy();
    expect(console.error).toHaveBeenCalled();

    failing.dialog = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('dialog', { name: 'Device configuration' })).toBeTruthy();
  });
});
