import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HistoryResult } from '#contracts';
import { apiRequest } from './support/api';
import { apiToken } from './support/pathSession';
import { signInAs } from './support/browser';
import { choose, createDashboard } from './support/dashboardScreen';
import { useBrowserPage } from './support/session';

const TENANT = 'acme';
const DAY = 24 * 60 * 60_000;
const CHART = 'Produce wall 1 · last 30 days';

async function api<T>(token: string, method: string, path: string, body?: object): Promise<T> {
  const response = await apiRequest(TENANT, path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${response.body}`);
  return JSON.parse(response.body) as T;
}

/** The server backfills the demo's weeks of history after its first start: wait until a month is there. */
async function monthRecorded(token: string): Promise<boolean> {
  const now = Date.now();
  const result = await api<HistoryResult>(token, 'POST', '/api/v2/history/query', {
    series: [
      { id: 'air', hexacode: '3E0002', department: 1, subDepartment: 0, page: 1, line: 1, pcNumber: 1 },
    ],
    from: new Date(now - 30 * DAY).toISOString(),
    to: new Date(now).toISOString(),
    maxPoints: 30,
  });
  const { t, avg } = result.series[0]!.points;
  return t.length > 0 && t[0]! <= now - 29 * DAY && avg[0] !== null;
}

/** What the chart tells a screen reader: "<name>: 2 series from <from> to <to>". */
const chartSummary = (chart: Locator) => chart.getByRole('img').getAttribute('aria-label');
/** The summary's days without its times of day: a relative range read again a minute later ends a minute later. */
const chartDays = async (chart: Locator) => (await chartSummary(chart))?.replace(/\d{2}:\d{2}/g, 'hh:mm');

/** The values table beside a chart (hidden from sight, there for screen readers). */
const valuesTable = (page: Page, name: string) => page.getByRole('table', { name: `Values of ${name}` });

describe('history in the browser', () => {
  const page = useBrowserPage();

  it(
    'shows a month of curves, switches presets, compares with the week before and zooms by dragging',
    { timeout: 150_000 },
    async () => {
      const token = await apiToken(TENANT, 'admin', 'Admin123');
      await expect.poll(() => monthRecorded(token), { timeout: 60_000, interval: 1000 }).toBe(true);
      const p = page();
      await signInAs(p, 'admin', 'Admin123', TENANT);
      await p.getByRole('link', { name: 'Last weeks' }).click();
      await p.getByRole('heading', { name: 'Last weeks', level: 1 }).waitFor();

      const chart = p.getByRole('article', { name: CHART });
      await chart.getByRole('img').waitFor();
      const month = await chartSummary(chart);
      expect(month).toMatch(new RegExp(`^${CHART}: 2 series from`));
      const air = valuesTable(p, CHART).getByRole('row', { name: /^Air/ });
      await expect.poll(() => air.textContent()).toMatch(/°C/);

      // Last 7 days, compared with the 7 days before: the comparison is drawn on the same chart.
      await chart.getByRole('button', { name: /^Range shown by/ }).click();
      const range = p.getByRole('dialog', { name: /^Range shown by/ });
      await range.getByRole('radio', { name: 'Last 7 days' }).check();
      await range.getByRole('checkbox', { name: 'Compare with an earlier range' }).check();
      await range.getByRole('spinbutton', { name: 'Earlier by' }).fill('7');
      await range.getByRole('button', { name: 'Apply' }).click();
      await expect.poll(() => chartSummary(chart)).not.toBe(month);
      const week = await chartDays(chart);
      await expect
        .poll(() => valuesTable(p, CHART).getByRole('columnheader', { name: 'Comparison average' }).count())
        .toBe(1);

      // Drag across the middle of the chart: a narrower range, read again from the server; Reset zoom goes back.
      const box = (await chart.locator('canvas').boundingBox())!;
      await p.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
      await p.mouse.down();
      await p.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 5 });
      await p.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 5 });
      await p.mouse.up();
      await expect.poll(() => chartDays(chart)).not.toBe(week);
      await chart.getByRole('button', { name: 'Reset zoom' }).click();
      await expect.poll(() => chartDays(chart)).toBe(week);
    },
  );

  it('keeps an annotation added to a chart after a reload', async () => {
    const p = page();
    await signInAs(p, 'admin', 'Admin123', TENANT);
    await p.getByRole('link', { name: 'Last weeks' }).click();
    const chart = p.getByRole('article', { name: CHART });
    await chart.getByRole('button', { name: `Annotations of ${CHART}` }).click();
    const list = p.getByRole('dialog', { name: `Annotations of ${CHART}` });
    await list.getByRole('button', { name: 'Add annotation' }).click();
    const form = p.getByRole('dialog', { name: 'New annotation' });
    await form.getByRole('textbox', { name: 'Label' }).fill('E2E shelf restock');
    await form.getByRole('button', { name: 'Save' }).click();
    await list.getByText('E2E shelf restock').waitFor();

    await p.reload();
    await chart.getByRole('button', { name: `Annotations of ${CHART}` }).click();
    await p
      .getByRole('dialog', { name: `Annotations of ${CHART}` })
      .getByText('E2E shelf restock')
      .waitFor();
  });

  it(
    'creates a buffer for a chart on an unrecorded line, records it, and downloads its rows as CSV',
    { timeout: 120_000 },
    async () => {
      const token = await apiToken(TENANT, 'admin', 'Admin123');
      // The administrator allows itself five-second buffers, so the test sees samples arrive.
      await api(token, 'POST', '/api/v2/account/settings', { minBufferInterval: 5 });
      const p = page();
      await signInAs(p, 'admin', 'Admin123', TENANT);
      await createDashboard(p, 'E2E recording');
      await p.getByRole('button', { name: 'Edit dashboard' }).click();
      await p
        .getByRole('button', { name: /^Add (the first )?widget/ })
        .first()
        .click();

      const details = p.getByRole('dialog', { name: 'Add widget' });
      await choose(p, details, 'Widget type', 'Line chart');
      await details.getByRole('textbox', { name: 'Name' }).fill('Supply air');
      await details.getByRole('button', { name: 'Edit element 1' }).click();
      const element = p.getByRole('dialog', { name: 'Widget element' });
      for (const [label, option] of [
        ['Device', /\(3E0002\)/],
        ['Department', /1\.0|Section 1|Evaporator 1/],
        ['Page', '1 Status'],
        ['Line', 'Supply air temperature'],
      ] as const) {
        await choose(p, element, label, option);
      }
      await element.getByText('No buffer of PC number 1 records this line').waitFor();
      await element.getByRole('button', { name: 'Create a buffer' }).click();
      await element.getByRole('spinbutton', { name: 'Interval (seconds)' }).fill('5');
      await element.getByRole('button', { name: 'Save' }).click();
      await details.getByRole('button', { name: 'Save' }).click();
      await details.waitFor({ state: 'detached' });
      await p.getByRole('button', { name: 'Save', exact: true }).click();
      await p.getByRole('status').filter({ hasText: 'Dashboard E2E recording saved' }).waitFor();

      // The new buffer records: within a few intervals the chart has a latest value.
      const latest = valuesTable(p, 'Supply air').getByRole('row').nth(1);
      await expect
        .poll(async () => (await latest.count()) > 0 && (await latest.textContent()), {
          timeout: 45_000,
          interval: 1000,
        })
        .toMatch(/\d.*°C/);

      const [download] = await Promise.all([
        p.waitForEvent('download'),
        (async () => {
          // Still in edit mode, the four-column chart is too narrow for a row of six actions: they are folded.
          await p.getByRole('button', { name: 'Widget actions for Supply air' }).click();
          await p.getByRole('menuitem', { name: 'Download as CSV' }).click();
        })(),
      ]);
      const csv = await readFile((await download.path())!, 'utf8');
      const [header, ...rows] = csv.trim().split(/\r?\n/);
      // Times in the user's zone and date format (dd-MM-yyyy HH:mm by default), the instant in UTC, a column a line.
      expect(header).toBe('Time (UTC),UTC,Produce wall · Evaporator 1');
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows)
        expect(row).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2},\d{4}-\d{2}-\d{2}T[\d:.]+Z,/);
      expect(rows.some((row) => /,-?\d+(\.\d+)?$/.test(row))).toBe(true);
    },
  );
});
