import { afterAll, describe, expect, it } from 'vitest';
import { apiRequest } from './support/api';
import { apiToken } from './support/pathSession';
import { signInAs } from './support/browser';
import { openAccountSettings, saveAccountSettings } from './support/accountSettings';
import { waitForFocus } from './support/focus';
import { holdRequest } from './support/heldRequest';
import { useBrowserPage } from './support/session';

/** The demo operator's standalone warehouse cold room: named by its hexacode until that setting is off. */
const DEVICE = { hexacode: '2D0001', name: 'Warehouse cold room' };

/** SPEC §9's defaults back for the operator, through the API: a failed step must not leave them in German. */
async function restoreOperatorSettings(): Promise<void> {
  const token = await apiToken('demo', 'operator', 'Operator123');
  const response = await apiRequest('demo', '/api/v2/account/settings', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ language: { code: 'EN', label: 'English' }, showHexacodesAsDeviceNames: true }),
  });
  if (response.status !== 200) throw new Error(`restoring settings: ${response.status} ${response.body}`);
}

describe('account settings', () => {
  const page = useBrowserPage();
  afterAll(restoreOperatorSettings);

  it('speaks German and names devices by name as soon as the settings are saved, without a reload', async () => {
    await signInAs(page(), 'operator', 'Operator123');
    const tree = page().getByRole('tree', { name: 'Devices' });
    await tree.getByRole('button', { name: `Expand ${DEVICE.hexacode}` }).waitFor();
    let loads = 0;
    page().on('load', () => loads++);

    const dialog = await openAccountSettings(page(), /^Account menu/, 'Personal settings');
    await dialog.getByRole('button', { name: 'Language' }).click();
    await page().getByRole('option', { name: 'Deutsch' }).click();
    await dialog.getByRole('checkbox', { name: 'Show hexacodes as device names' }).uncheck();
    await saveAccountSettings(dialog);

    // The account menu speaks German at once.
    await page().getByRole('button', { name: 'Kontomenü für operator' }).click();
    await page().getByRole('menuitem', { name: 'Abmelden' }).waitFor();
    await page().getByRole('menuitem', { name: 'Persönliche Einstellungen' }).waitFor();
    await page().keyboard.press('Escape');
    // The sidebar, in German too, names the device by its name.
    const baum = page().getByRole('tree', { name: 'Geräte' });
    await baum.getByRole('button', { name: `${DEVICE.name} aufklappen` }).waitFor();
    expect(await baum.getByRole('button', { name: `${DEVICE.hexacode} aufklappen` }).count()).toBe(0);
    expect(loads, 'page loads after signing in').toBe(0);
    // The demo's dashboards were built in English; read again, their lines are named in German.
    await page().reload();
    const glance = page().getByRole('table', { name: 'Cases at a glance' });
    await glance.getByRole('columnheader', { name: 'Sollwert Lufttemperatur' }).waitFor();
    await glance.getByRole('columnheader', { name: 'Lufttemperatur', exact: true }).waitFor();

    // Back to English and hexacodes, through the same dialog (now in German).
    const german = await openAccountSettings(page(), /^Kontomenü/, 'Persönliche Einstellungen');
    await german.getByRole('button', { name: 'Sprache' }).click();
    await page().getByRole('option', { name: 'English' }).click();
    await german.getByRole('checkbox', { name: 'Hexacodes als Gerätenamen anzeigen' }).check();
    await saveAccountSettings(german, 'Speichern');
    await page().getByRole('button', { name: 'Account menu for operator' }).waitFor();
    await tree.getByRole('button', { name: `Expand ${DEVICE.hexacode}` }).waitFor();
  });

  it('keeps a keyboard user in the dialog while the settings are saved', async () => {
    await signInAs(page(), 'operator', 'Operator123');
    const dialog = await openAccountSettings(page());
    const save = await holdRequest(page(), '**/api/v2/account/settings');
    await dialog.getByRole('button', { name: 'Save' }).press('Enter');
    await save.arrived;
    // Save and Cancel are disabled under way: the dialog's form holds the focus, so Tab and Escape still act there.
    await waitForFocus(dialog.locator('form'), true);
    expect(await dialog.getByRole('button', { name: 'Saving…' }).isDisabled()).toBe(true);
    save.release();
    await dialog.waitFor({ state: 'detached' });
  });
});
