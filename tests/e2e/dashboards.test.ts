import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Dashboard, DashboardsList } from '#contracts';
import { apiRequest } from './support/api';
import { apiToken } from './support/pathSession';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signInAs } from './support/browser';
import { choose, createDashboard } from './support/dashboardScreen';
import { useBrowserPage } from './support/session';
import { eventually } from '../../server/src/testing/wait';

/** The real-time types and what the type selector calls them. */
const TYPES = [
  ['CARD_CHART', 'Metric card'],
  ['LINE', 'Lines'],
  ['PAGE', 'Page'],
  ['TABLE', 'Table'],
  ['PICTOGRAPH', 'Pictograph'],
  ['BAR_CHART', 'Bar chart'],
] as const;

/** Adds a widget reading the air temperature of the warehouse cold room (2D0001), or its whole status page. */
async function addWidget(page: Page, typeLabel: string, name: string) {
  await page.getByRole('button', { name: 'Add widget' }).click();
  const details = page.getByRole('dialog', { name: 'Add widget' });
  await choose(page, details, 'Widget type', typeLabel);
  await details.getByRole('textbox', { name: 'Name' }).fill(name);
  await details.getByRole('button', { name: 'Edit element 1' }).click();
  const element = page.getByRole('dialog', { name: 'Widget element' });
  await choose(page, element, 'Device', /\(2D0001\)/);
  await choose(page, element, 'Department', 'Evaporator 1');
  await choose(page, element, 'Page', '1 Status');
  if (typeLabel !== 'Page') await choose(page, element, 'Line', 'Air temperature');
  await element.getByRole('button', { name: 'Save' }).click();
  // The widget's dialog is inert while the element's is open: a failure here names the step that did not close.
  await element.waitFor({ state: 'detached' });
  await details.getByRole('button', { name: 'Save' }).click();
  await details.waitFor({ state: 'detached' });
}

const widget = (page: Page, name: string) => page.getByRole('article', { name });

/** The stored dashboard named `name` of `username`, through the API (as the server keeps it). */
async function storedDashboard(tenant: string, username: string, password: string, name: string) {
  const authorization = `Bearer ${await apiToken(tenant, username, password)}`;
  const list = JSON.parse(
    (await apiRequest(tenant, '/api/v2/dashboards/', { headers: { authorization } })).body,
  );
  const summary = (list as DashboardsList).dashboards.find((d) => d.name === name);
  if (!summary) return undefined;
  const loaded = await apiRequest(tenant, `/api/v2/dashboards/${summary.id}`, { headers: { authorization } });
  return JSON.parse(loaded.body) as Dashboard;
}

/** Drags the widget by its title bar by (dx, dy) pixels. */
async function drag(page: Page, target: Locator, dx: number, dy: number) {
  const box = (await target.getByRole('heading').boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 20 + dx / 2, box.y + box.height / 2 + dy / 2, { steps: 5 });
  await page.mouse.move(box.x + 20 + dx, box.y + box.height / 2 + dy, { steps: 5 });
  await page.mouse.up();
}

describe('dashboards', () => {
  const page = useBrowserPage();

  it('builds a dashboard of every real-time widget type, arranges it, saves it and finds it after a reload', async () => {
    const p = page();
    await p.setViewportSize({ width: 1600, height: 1000 });
    await signInAs(p, 'admin', 'Admin123');
    // The admin lands on the favourite dashboard: a dialog opened before that navigation would close with it.
    await p.getByRole('heading', { name: 'Store 101 overview', level: 1 }).waitFor();
    await createDashboard(p, 'E2E every widget');

    await p.getByRole('button', { name: 'Edit dashboard' }).click();
    for (const [, label] of TYPES) await addWidget(p, label, `E2E ${label}`);
    // Every widget shows live values of the cold room before anything is saved.
    for (const [, label] of TYPES) {
      await widget(p, `E2E ${label}`).and(p.locator('[data-live="ready"]')).waitFor();
    }

    // Move the first widget to the right of the last one and make the second taller.
    await drag(p, widget(p, 'E2E Metric card'), 0, 600);
    const lines = widget(p, 'E2E Lines');
    const handle = lines.locator('xpath=..').locator('.react-resizable-handle');
    const corner = (await handle.boundingBox())!;
    await p.mouse.move(corner.x + 5, corner.y + 5);
    await p.mouse.down();
    await p.mouse.move(corner.x + 5, corner.y + 140, { steps: 8 });
    await p.mouse.up();
    await p.getByRole('button', { name: 'Save', exact: true }).click();
    await p.getByRole('status').filter({ hasText: 'Dashboard E2E every widget saved' }).waitFor();

    const stored = await storedDashboard('demo', 'admin', 'Admin123', 'E2E every widget');
    expect(stored?.widgets.map((w) => w.type).sort()).toEqual(TYPES.map(([type]) => type).sort());
    const position = (name: string) => stored!.widgets.find((w) => w.name === name)!.position;
    expect(position('E2E Metric card').y).toBeGreaterThan(0);
    expect(position('E2E Lines').h).toBeGreaterThan(4);

    await p.reload();
    for (const [, label] of TYPES) {
      await widget(p, `E2E ${label}`).and(p.locator('[data-live="ready"]')).waitFor();
    }
    const shown = await p.getByRole('article').count();
    expect(shown).toBe(TYPES.length);
  });

  it('arranges widgets on a tablet, by pointer and by keyboard, in the reading order the desktop keeps', async () => {
    const p = page();
    await p.setViewportSize({ width: 1024, height: 768 });
    await signInAs(p, 'admin', 'Admin123');
    await createDashboard(p, 'E2E tablet');
    await p.getByRole('button', { name: 'Edit dashboard' }).click();
    await addWidget(p, 'Metric card', 'E2E first');
    await addWidget(p, 'Metric card', 'E2E second');
    const readingOrder = async () => {
      const stored = await storedDashboard('demo', 'admin', 'Admin123', 'E2E tablet');
      return [...stored!.widgets]
        .sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x)
        .map((w) => w.name);
    };
    // The first save's notice may still be showing at the second save: what counts is what the server keeps.
    const savedInOrder = async (order: string[]) => {
      await p.getByRole('button', { name: 'Save', exact: true }).click();
      await eventually(
        async () => {
          expect(await readingOrder()).toEqual(order);
          return true;
        },
        { what: `the stored dashboard's widgets in the order ${order.join(', ')}` },
      );
    };

    // Dragged below the second widget, the first one comes after it.
    await drag(p, widget(p, 'E2E first'), 0, 400);
    await savedInOrder(['E2E second', 'E2E first']);

    // Left arrow on its handle puts it back before its neighbour, and the grid says where it is.
    await p.getByRole('button', { name: 'Move or resize E2E first' }).press('ArrowLeft');
    await p
      .getByText('E2E first: column 1, row 1, 2 columns wide, 4 rows high')
      .waitFor({ state: 'attached' });
    await savedInOrder(['E2E first', 'E2E second']);
  });

  it('gives the stored copy back when the operator declines to save', async () => {
    const p = page();
    await p.setViewportSize({ width: 1600, height: 1000 });
    await signInAs(p, 'admin', 'Admin123');
    await p.getByRole('link', { name: 'Compressor packs' }).click();
    await p.getByRole('heading', { name: 'Compressor packs', level: 1 }).waitFor();
    await widget(p, 'Condenser').waitFor();
    const before = await p.getByRole('article').count();
    expect(before).toBeGreaterThan(1);

    await p.getByRole('button', { name: 'Edit dashboard' }).click();
    await p.getByRole('button', { name: 'Delete widget Condenser' }).click();
    await p.getByRole('button', { name: 'Rename dashboard' }).click();
    const rename = p.getByRole('dialog', { name: 'Rename dashboard' });
    await rename.getByRole('textbox', { name: 'Dashboard name' }).fill('Packs (draft)');
    await rename.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => p.getByRole('article').count()).toBe(before - 1);

    await p.getByRole('button', { name: 'Done' }).click();
    const question = p.getByRole('dialog', { name: 'Unsaved changes' });
    await question.getByRole('button', { name: 'Discard' }).click();
    await p.getByRole('heading', { name: 'Compressor packs', level: 1 }).waitFor();
    await expect.poll(() => p.getByRole('article').count()).toBe(before);
    await widget(p, 'Condenser').waitFor();
    const stored = await storedDashboard('demo', 'admin', 'Admin123', 'Compressor packs');
    expect(stored?.widgets).toHaveLength(before);

    // Leaving the route with changes asks first: Stay keeps the address and the draft, Discard goes on and
    // keeps the stored copy.
    await p.getByRole('button', { name: 'Edit dashboard' }).click();
    await p.getByRole('button', { name: 'Delete widget Condenser' }).click();
    await p.getByRole('link', { name: 'Cold rooms' }).click();
    const leaving = p.getByRole('dialog', { name: 'Save changes to Compressor packs?' });
    await leaving.getByRole('button', { name: 'Stay' }).click();
    await leaving.waitFor({ state: 'detached' });
    await p.getByRole('heading', { name: 'Compressor packs', level: 1 }).waitFor();
    await expect.poll(() => p.getByRole('article').count()).toBe(before - 1);
    await p.getByRole('link', { name: 'Cold rooms' }).click();
    await leaving.getByRole('button', { name: 'Discard' }).click();
    await p.getByRole('heading', { name: 'Cold rooms', level: 1 }).waitFor();
    await p.getByRole('link', { name: 'Compressor packs' }).click();
    await widget(p, 'Condenser').waitFor();
    await expect.poll(() => p.getByRole('article').count()).toBe(before);

    // The browser's Back with changes is undone on Stay, and the history stays whole: Back asks again, and
    // after Discard, Forward comes back to the dashboard.
    await p.getByRole('button', { name: 'Edit dashboard' }).click();
    await p.getByRole('button', { name: 'Delete widget Condenser' }).click();
    const packs = p.url();
    await p.goBack();
    await leaving.getByRole('button', { name: 'Stay' }).click();
    await leaving.waitFor({ state: 'detached' });
    expect(p.url()).toBe(packs);
    await expect.poll(() => p.getByRole('article').count()).toBe(before - 1);
    await p.goBack();
    await leaving.getByRole('button', { name: 'Discard' }).click();
    await p.getByRole('heading', { name: 'Cold rooms', level: 1 }).waitFor();
    await p.goForward();
    await p.getByRole('heading', { name: 'Compressor packs', level: 1 }).waitFor();
    expect(p.url()).toBe(packs);
    await expect.poll(() => p.getByRole('article').count()).toBe(before);
  });

  it('exports a dashboard, imports it into the acme tenant with its devices mapped, and shows live values', async () => {
    const p = page();
    await p.setViewportSize({ width: 1600, height: 1000 });
    await signInAs(p, 'admin', 'Admin123');
    await p.getByRole('link', { name: 'Cold rooms' }).click();
    await p.getByRole('heading', { name: 'Cold rooms', level: 1 }).waitFor();
    await p.getByRole('button', { name: 'Account menu' }).click();
    const [download] = await Promise.all([
      p.waitForEvent('download'),
      p.getByRole('menuitem', { name: 'Download dashboard' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Cold rooms.json');
    const file = join(await mkdtemp(join(tmpdir(), 'coldwatch-e2e-')), download.suggestedFilename());
    await download.saveAs(file);
    await p.getByRole('button', { name: 'Account menu' }).click();
    await p.getByRole('menuitem', { name: 'Logout' }).click();
    await p.waitForURL((url) => url.pathname === '/login');

    await signInAs(p, 'admin', 'Admin123', 'acme');
    await p.getByRole('button', { name: 'Account menu' }).click();
    await p.getByRole('menuitem', { name: 'Upload dashboard' }).click();
    const wizard = p.getByRole('dialog', { name: 'Upload dashboard' });
    await wizard.getByLabel('Dashboard file').setInputFiles(file);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('textbox', { name: 'Dashboard name' }).fill('Riverside cold rooms');
    // The demo tenant's cold and freezer rooms do not exist here: both become the walk-in cooler.
    for (const hexacode of ['1A0105', '1A0106']) {
      await wizard.getByRole('combobox', { name: `Replacement for device ${hexacode}` }).selectOption({
        label: 'Walk-in cooler (3E0003)',
      });
    }
    await expect.poll(() => wizard.getByText('FAIL').count()).toBe(0);
    await wizard.getByRole('button', { name: 'Import' }).click();
    await p.getByRole('heading', { name: 'Riverside cold rooms', level: 1 }).waitFor();
    await p.getByRole('status').filter({ hasText: 'Dashboard Riverside cold rooms imported' }).waitFor();
    const widgets = p.getByRole('article');
    await expect.poll(() => widgets.count()).toBeGreaterThan(0);
    await expect
      .poll(async () => (await widgets.count()) === (await p.locator('article[data-live="ready"]').count()))
      .toBe(true);
    // Real temperatures of the walk-in cooler, not status texts.
    await p
      .getByRole('article')
      .getByText(/^-?\d+\.\d °C$/)
      .first()
      .waitFor();
    const stored = await storedDashboard('acme', 'admin', 'Admin123', 'Riverside cold rooms');
    const devices = new Set(stored!.widgets.flatMap((w) => w.elements.map((e) => e.hexacode)));
    expect([...devices]).toEqual(['3E0003']);
  });

  it('changes a setpoint from a widget with line edit on, and the widget shows the new value', async () => {
    const p = page();
    await p.setViewportSize({ width: 1600, height: 1000 });
    await signInAs(p, 'operator', 'Operator123');
    await p.getByRole('link', { name: 'Cold rooms' }).click();
    await p.getByRole('button', { name: 'Edit dashboard' }).click();
    await p.getByRole('button', { name: 'Edit widget Room temperatures' }).click();
    const details = p.getByRole('dialog', { name: 'Widget details' });
    await details.getByRole('checkbox', { name: 'Allow editing lines' }).check();
    await details.getByRole('button', { name: 'Save' }).click();
    await p.getByRole('button', { name: 'Save', exact: true }).click();
    await p.getByRole('button', { name: 'Done' }).click();

    const room = widget(p, 'Room temperatures');
    await room.getByRole('button', { name: 'Edit Freezer room setpoint' }).click();
    const dialog = p.getByRole('dialog', { name: 'Line details' });
    await dialog.getByRole('textbox', { name: 'Value' }).fill('-24');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await p.getByRole('status').filter({ hasText: 'Line updated' }).waitFor();
    // The setpoint's own row: another room's air may read -24.0 °C too.
    const setpoint = room.getByRole('listitem').filter({ hasText: 'Freezer room setpoint' });
    await setpoint.getByText('-24.0 °C').waitFor();
  });
});
