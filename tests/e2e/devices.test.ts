import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../server/src/testing/wait';
import { signInAs, tenantUrl } from './support/browser';
import { connectTestDevice } from './support/device';
import { useBrowserPage } from './support/session';

/** The number shown for a line of the open device page ("-5.2 °C" → -5.2), or NaN while it has no value. */
async function lineValue(page: Page, name: string): Promise<number> {
  const row = page
    .getByRole('list', { name: 'Lines' })
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });
  const text = (await row.locator('span').last().textContent()) ?? '';
  return Number.parseFloat(text);
}

async function signInAsAdmin(page: Page) {
  await signInAs(page, 'admin', 'Admin123');
}

describe('devices, live', () => {
  const page = useBrowserPage();

  it('opens a device page from the tree and shows values changing without a reload', async () => {
    await signInAsAdmin(page());
    const tree = page().getByRole('tree', { name: 'Devices' });
    await tree.getByRole('button', { name: 'Expand 2D0001' }).click();
    await tree.getByRole('button', { name: /Expand .*Evaporator 1/ }).click();
    await tree.getByRole('link', { name: /Status/ }).click();
    await page().waitForURL((url) => url.pathname === '/2D0001/1/0/pages/1');
    await page().getByRole('heading', { name: '1 Status' }).waitFor();

    await eventually(async () => !Number.isNaN(await lineValue(page(), 'Air temperature')), {
      what: 'a value',
    });
    const first = await lineValue(page(), 'Air temperature');
    const navigations: string[] = [];
    page().on('framenavigated', (frame) => navigations.push(frame.url()));
    await eventually(async () => (await lineValue(page(), 'Air temperature')) !== first, {
      what: 'a new value',
    });
    expect(navigations).toEqual([]);
  });

  it('changes a setpoint, sees it accepted, and the temperature follows', async () => {
    await signInAsAdmin(page());
    await page().goto(tenantUrl('demo', '/2D0001/1/0/pages/2'));
    await page().getByRole('button', { name: 'Air temperature setpoint' }).click();
    const dialog = page().getByRole('dialog', { name: 'Line details' });
    await dialog.getByRole('textbox', { name: 'Value' }).fill('-30');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page().getByRole('status').filter({ hasText: 'Line updated' }).waitFor();
    await eventually(async () => (await lineValue(page(), 'Air temperature setpoint')) === -30, {
      what: 'setpoint -30',
    });

    // Under the old setpoint (2 °C) the coil never goes below about -6 °C; cooling towards -30 pulls it far lower.
    await page().goto(tenantUrl('demo', '/2D0001/1/0/pages/1'));
    await eventually(async () => (await lineValue(page(), 'Evaporator temperature')) < -12, {
      what: 'the coil to cool',
      timeoutMs: 45_000,
    });
  });

  it("shows the line's limits from its ADF and says, in the dialog, when a value is outside them", async () => {
    await signInAsAdmin(page());
    await page().goto(tenantUrl('demo', '/2D0001/1/0/pages/2'));
    await page().getByRole('button', { name: 'Air temperature setpoint' }).click();
    const dialog = page().getByRole('dialog', { name: 'Line details' });
    await dialog.getByText('From -30 to 10 °C, in steps of 0.1').waitFor();
    await dialog.getByRole('textbox', { name: 'Value' }).fill('55');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Must be between -30 and 10 °C').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Value' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the offline notice for a department that is off and loads no lines', async () => {
    await signInAsAdmin(page());
    const token = await page().evaluate(() => localStorage.getItem('api-token'));
    const device = await connectTestDevice(token!, 'E2E0F1', 'Test case off');
    try {
      await page().goto(tenantUrl('demo', '/E2E0F1/1/0/pages/1'));
      await page().getByText('Department Evaporator 1 is offline').waitFor();
      expect(await page().getByRole('list', { name: 'Lines' }).count()).toBe(0);
    } finally {
      await device.endAsync();
    }
  });

  it('sends an unknown device to the 404 page with its message', async () => {
    await signInAsAdmin(page());
    await page().goto(tenantUrl('demo', '/ABCDEF/1/0/pages/1'));
    await page().getByText('The page you were looking for does not exist').waitFor();
    await page().getByText('Device is not found').waitFor();
  });
});
