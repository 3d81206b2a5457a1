import { describe, expect, it } from 'vitest';
import { signInAs, tenantUrl } from './support/browser';
import { apiClient } from './support/dashboardApi';
import { useBrowserPage } from './support/session';

const BARS = 'Case air temperatures';
const CURVES = 'Dairy case 1 · last 30 days';

describe('charts in the browser', () => {
  // The first test holds a chunk back with a route: the app's service worker, once it controls the page, would
  // serve the chunk from its cache and pass the route by (CI at 88e359d).
  const page = useBrowserPage({ serviceWorkers: 'block' });

  it('keeps drawing a bar chart that was up before the history charts loaded', async () => {
    const admin = await apiClient('demo', 'admin', 'Admin123');
    const dashboard = await admin.dashboardOf('E2E bars before curves', [
      { from: ['Store 101 overview', BARS], at: { x: 0, y: 0, w: 6, h: 4 } },
      { from: ['Last weeks', CURVES], at: { x: 6, y: 0, w: 6, h: 5 } },
    ]);
    const p = page();
    // The history charts' code arrives only once the bar chart is drawn, as on a slow line.
    let barsDrawn = () => {};
    const drawn = new Promise<void>((resolve) => (barsDrawn = resolve));
    let held = false;
    await p.route(/\/assets\/HistoryChartWidget-[^/]+\.js$/, async (route) => {
      held = true;
      await drawn;
      await route.continue();
    });
    await signInAs(p, 'admin', 'Admin123');
    await p.goto(tenantUrl('demo', `/dashboard/${dashboard.id}`));
    const bars = p.getByRole('article', { name: BARS });
    await bars.locator('canvas').waitFor();
    barsDrawn();
    await p.getByRole('article', { name: CURVES }).locator('canvas').waitFor();
    expect(held, 'the history charts were held back').toBe(true);
    // Every update of the bar chart from now on runs the plugins the history charts brought.
    await p.setViewportSize({ width: 1100, height: 900 });
    await p.setViewportSize({ width: 1400, height: 900 });
    // The charts follow a resize on the next frames (a resize observer, then Chart.js's frame-throttled redraw).
    await p.evaluate(async () => {
      for (let frame = 0; frame < 5; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(await bars.getByText('This widget could not be shown').count()).toBe(0);
    expect(await bars.locator('canvas').isVisible()).toBe(true);
  });

  it('keeps the range chosen for a chart in the address: a reload shows the same range', async () => {
    const p = page();
    await signInAs(p, 'admin', 'Admin123');
    await p.getByRole('link', { name: 'Last weeks' }).click();
    const chart = p.getByRole('article', { name: CURVES });
    await chart.getByRole('button', { name: /^Range shown by/ }).click();
    const range = p.getByRole('dialog', { name: /^Range shown by/ });
    await range.getByRole('radio', { name: 'Last 7 days' }).check();
    await range.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => new URL(p.url()).search).toMatch(/range\.[\w-]+=LAST_7_DAYS/);
    await p.reload();
    const shown = chart.getByRole('button', { name: `Range shown by ${CURVES}: Last 7 days` });
    await shown.waitFor();
    expect(await shown.getAttribute('aria-pressed')).toBe('true');
  });
});
