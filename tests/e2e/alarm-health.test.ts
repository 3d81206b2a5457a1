import { describe, expect, it } from 'vitest';
import type { AlarmHealth } from '#contracts';
import { openAccountDialog } from './support/accountSettings';
import { signInAs } from './support/browser';
import { apiClient } from './support/dashboardApi';
import { useBrowserPage } from './support/session';

const DAY_MS = 86_400_000;

describe('alarm health', () => {
  const page = useBrowserPage();

  it("shows an administrator the demo's last week against EEMUA 191, on a phone", async () => {
    const admin = await apiClient('demo', 'admin', 'Admin123');
    const to = new Date();
    const week = await admin.call<AlarmHealth>(
      'GET',
      `/api/v2/alarms/health?from=${new Date(to.getTime() - 7 * DAY_MS).toISOString()}&to=${to.toISOString()}`,
    );
    // The demo's month of history holds alarms: the week is not empty.
    expect(week.total).toBeGreaterThan(0);

    const p = page();
    await p.setViewportSize({ width: 360, height: 740 });
    await signInAs(p, 'admin', 'Admin123');
    const dialog = await openAccountDialog(p, 'Alarm health');
    const figures = dialog.getByRole('region', { name: 'Figures of the range' });
    await figures.waitFor();
    expect(await figures.getByRole('term').allTextContents()).toEqual([
      'Alarms raised',
      'Average per hour',
      'Most in 10 minutes',
      'Floods',
      'Standing alarms',
      'Chattering alarms',
      'Shelved',
      'Suppressed',
    ]);
    // The same week as the API's, give or take an alarm raised meanwhile.
    const raised = Number((await figures.getByRole('definition').first().textContent())!.replace(/\D/g, ''));
    expect(raised).toBeGreaterThanOrEqual(week.total);
    expect(raised).toBeLessThanOrEqual(week.total + 5);
    const offenders = dialog.getByRole('table', { name: 'Top offenders' });
    expect(await offenders.getByRole('row').count()).toBe(Math.min(week.topOffenders.length, 10) + 1);
    // The alarm is named as the alarm list names it, not by its code.
    const worst = week.topOffenders[0]!;
    expect(worst.translation).not.toBe(worst.code);
    expect(await offenders.getByRole('row').nth(1).textContent()).toContain(worst.translation);
    // It fits the phone: nothing wider than the screen, and the table's title on one line across its rows.
    expect(await p.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
    const caption = (await offenders.locator('caption').boundingBox())!;
    expect(caption.width).toBeGreaterThanOrEqual((await offenders.boundingBox())!.width - 1);

    await dialog.getByRole('combobox', { name: 'Range' }).selectOption({ label: 'Last 24 hours' });
    await figures.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
