import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAs } from './support/browser';
import { apiClient } from './support/dashboardApi';
import { choose, createDashboard } from './support/dashboardScreen';
import { useBrowserPage } from './support/session';

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of the text a widget's body shows (its header aside), one per line of each text. */
const textBoxesOf = (widget: Locator) =>
  widget.evaluate((article) => {
    const header = article.querySelector('header');
    const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
    const boxes: { x: number; y: number; width: number; height: number; text: string }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || header?.contains(node)) continue;
      const parent = node.parentElement!;
      if (parent.closest('.sr-only') || getComputedStyle(parent).visibility === 'hidden') continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects()))
        if (rect.width > 0) boxes.push({ ...rect.toJSON(), text: node.textContent.trim() });
    }
    return boxes;
  });

async function signedIn(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await signInAs(page, 'admin', 'Admin123');
  await page.getByRole('heading', { name: 'Store 101 overview', level: 1 }).waitFor();
}

describe('the layout', () => {
  const page = useBrowserPage();

  it("sets a department's pages inside it in the tree: their names start right of its chevron", async () => {
    const p = page();
    await signedIn(p, 1280, 800);
    const tree = p.getByRole('tree', { name: 'Devices' });
    await tree.getByRole('button', { name: 'Expand 2D0001' }).click();
    const department = tree.getByRole('button', { name: /^Expand .*Evaporator 1$/ });
    await department.click();
    const chevron = (await tree.getByRole('button', { name: /^Collapse .*Evaporator 1$/ }).boundingBox())!;
    const status = (await tree.getByRole('link', { name: '1 Status' }).boundingBox())!;
    expect(status.x).toBeGreaterThanOrEqual(chevron.x + chevron.width);
  });

  it('gives a widget at least 320 px of a 360 px phone', async () => {
    const p = page();
    await signedIn(p, 360, 740);
    const first = p.getByRole('article').first();
    await first.waitFor();
    // Laid out at the phone's width from the start (no guessed wider grid sliding into place).
    const box = (await first.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(320);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  });

  it("draws the bell's focus ring whole on a phone: nothing of the bell lies outside it", async () => {
    const p = page();
    // An alarm, so the bell shows its count.
    const admin = await apiClient('demo', 'admin', 'Admin123');
    const alarm = { hexacode: '1A0102', department: '1.0', code: 'HIGH_TEMPERATURE' };
    await admin.call('POST', '/api/v2/demo/alarms', { ...alarm, raised: true });
    await signedIn(p, 360, 740);
    const bell = p.getByRole('button', { name: /^Alarms, [1-9]\d* active$/ });
    await bell.focus();
    // Focus from the keyboard, as a ring shows for it.
    await p.keyboard.press('Shift+Tab');
    await p.keyboard.press('Tab');
    const ring = await bell.evaluate((button) => {
      const style = getComputedStyle(button);
      const own = button.getBoundingClientRect();
      const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
      // Whatever the bell shows (its count) lies inside the ring, so nothing is painted over it.
      const outside = Array.from(button.querySelectorAll('*')).filter((part) => {
        const box = part.getBoundingClientRect();
        return box.left < own.left || box.top < own.top || box.right > own.right || box.bottom > own.bottom;
      });
      return { style: style.outlineStyle, reach, outside: outside.length, top: own.top - reach };
    });
    expect(ring.style).toBe('solid');
    expect(ring.reach).toBeGreaterThanOrEqual(3);
    expect(ring.outside).toBe(0);
    expect(ring.top).toBeGreaterThanOrEqual(0);
    await admin.call('POST', '/api/v2/demo/alarms', { ...alarm, raised: false });
  });

  it('keeps the move and resize handles of edit mode off what the widgets show', async () => {
    const p = page();
    await signedIn(p, 1280, 900);
    await p.getByRole('button', { name: 'Edit dashboard' }).click();
    await p.getByRole('button', { name: 'Done', exact: true }).waitFor();
    const widgets = await p.getByRole('article').all();
    expect(widgets.length).toBeGreaterThan(3);
    for (const widget of widgets) {
      const name = await widget.getByRole('heading').textContent();
      // Live values first: a widget still loading shows less text.
      await expect.poll(() => widget.getAttribute('data-live')).toBe('ready');
      const handles = [
        (await widget.getByRole('button', { name: /^Move or resize/ }).boundingBox())!,
        (await widget.locator('xpath=..').locator('.react-resizable-handle').boundingBox())!,
      ];
      for (const text of await textBoxesOf(widget))
        for (const handle of handles) expect(overlap(handle, text), `${name}: "${text.text}"`).toBe(false);
    }
  });

  it('lays the first widget of an empty dashboard within the screen, as wide as the grid says', async () => {
    const p = page();
    // Just wide enough for the 12-column grid, where positions are what is stored (narrower grids reflow them).
    await signedIn(p, 1300, 900);
    await createDashboard(p, 'E2E first widget');
    await p.getByRole('button', { name: 'Add the first widget' }).click();
    const details = p.getByRole('dialog', { name: 'Add widget' });
    await choose(p, details, 'Widget type', 'Metric card');
    await details.getByRole('textbox', { name: 'Name' }).fill('E2E card');
    await details.getByRole('button', { name: 'Edit element 1' }).click();
    const element = p.getByRole('dialog', { name: 'Widget element' });
    for (const [field, option] of [
      ['Device', /\(2D0001\)/],
      ['Department', 'Evaporator 1'],
      ['Page', '1 Status'],
      ['Line', 'Air temperature'],
    ] as const) {
      await choose(p, element, field, option);
    }
    await element.getByRole('button', { name: 'Save' }).click();
    await element.waitFor({ state: 'detached' });
    await details.getByRole('button', { name: 'Save' }).click();
    await details.waitFor({ state: 'detached' });
    const card = (await p.getByRole('article', { name: 'E2E card' }).boundingBox())!;
    const grid = (await p.locator('.react-grid-layout').boundingBox())!;
    expect(card.x + card.width).toBeLessThanOrEqual(grid.x + grid.width);
    // A new widget is 3 of the grid's 12 columns (10 px margins between and around them), of the grid shown.
    const column = (grid.width - 10 * 11 - 2 * 10) / 12;
    expect(Math.abs(card.width - (3 * column + 2 * 10))).toBeLessThan(2);
  });
});
