import { describe, it } from 'vitest';
import { signInAs } from './support/browser';
import { useBrowserPage } from './support/session';

describe('device configuration', () => {
  const page = useBrowserPage();

  it('renames a department and the sidebar shows the new name', async () => {
    // The demo operator's configuration is their own: other tests sign in as admin and keep the seeded names.
    await signInAs(page(), 'operator', 'Operator123');
    await page().getByRole('button', { name: 'Account menu' }).click();
    await page().getByRole('menuitem', { name: 'Device configuration' }).click();
    const dialog = page().getByRole('dialog', { name: 'Device configuration' });
    const name = dialog.getByRole('textbox', {
      name: 'Department name of Evaporator 1 on Warehouse cold room',
    });
    await name.fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Department name is required').waitFor();

    await name.fill('Main coil');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const tree = page().getByRole('tree', { name: 'Devices' });
    await tree.getByRole('button', { name: 'Expand 2D0001' }).click();
    await tree.getByRole('button', { name: /Expand .*Main coil/ }).waitFor();
  });
});
