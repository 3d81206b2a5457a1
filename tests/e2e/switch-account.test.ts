import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DashboardsList } from '#contracts';
import { alarmBell } from './support/alarmBell';
import { apiRequest } from './support/api';
import { apiToken } from './support/pathSession';
import { signInAs, waitUntilSignedIn } from './support/browser';
import { useBrowserPage } from './support/session';

/** The names of the dashboards `username` owns, as the server lists them to that user. */
async function dashboardNamesOf(username: string, password: string): Promise<string[]> {
  const authorization = `Bearer ${await apiToken('demo', username, password)}`;
  const list = await apiRequest('demo', '/api/v2/dashboards/', { headers: { authorization } });
  return (JSON.parse(list.body) as DashboardsList).dashboards.map((dashboard) => dashboard.name);
}

async function openAccountMenuEntry(page: Page, entry: string) {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

describe('switch account and switch back', () => {
  const page = useBrowserPage();

  it('lets admin act as operator, come back, and read both in the switch history', async () => {
    const p = page();
    await signInAs(p, 'admin', 'Admin123');

    await openAccountMenuEntry(p, 'Switch account');
    const dialog = p.getByRole('dialog', { name: 'Switch account' });
    const secure = dialog.getByRole('button', { name: 'Switch to secure', exact: true });
    await secure.waitFor();
    await dialog.getByRole('searchbox', { name: 'Search accounts' }).fill('oper');
    // The search asks once typing pauses: only the operator is left.
    await secure.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Switch to operator', exact: true }).click();

    // The page reloads as the operator; the head bar says who is acting.
    await waitUntilSignedIn(p, 'operator (as admin)');
    for (const name of await dashboardNamesOf('operator', 'Operator123')) {
      await p.getByRole('link', { name }).first().waitFor();
    }
    // Something changed while switched: the operator's alarm sound is switched on, and off again.
    await alarmBell(p).click();
    const sound = p.getByRole('switch', { name: 'Sound on new alarms' });
    for (const checked of ['true', 'false']) {
      await sound.click();
      // Saved: the switch shows the new state and can be used again.
      await p
        .locator(
          `[role="switch"][aria-label="Sound on new alarms"][aria-checked="${checked}"]:not([data-disabled])`,
        )
        .waitFor();
    }
    await p.keyboard.press('Escape');
    await p.getByRole('button', { name: /^Account menu/ }).click();
    await p.getByRole('menuitem', { name: 'Switch back' }).waitFor();
    expect(await p.getByRole('menuitem', { name: 'Switch account' }).count()).toBe(0);
    await p.getByRole('menuitem', { name: 'Switch back' }).click();

    // Back as admin after the reload: the head bar no longer says "(as …)".
    await p
      .getByRole('button', { name: /^Account menu/ })
      .filter({ hasText: 'admin', hasNotText: '(as ' })
      .waitFor();

    await openAccountMenuEntry(p, 'Switch account');
    await p
      .getByRole('dialog', { name: 'Switch account' })
      .getByRole('tab', { name: 'Switch history' })
      .click();
    const history = p.getByRole('region', { name: 'Switch history' });
    const rows = history.getByRole('row');
    await rows.nth(2).waitFor();
    const cells = async (row: number) => (await rows.nth(row).getByRole('cell').allTextContents()).slice(1);
    // Newest first: the way back, then the switch; who, as whom, and from which address.
    expect(await cells(1)).toEqual(['Switched back from', 'admin', 'operator', expect.any(String)]);
    expect(await cells(2)).toEqual(['Switched to', 'admin', 'operator', expect.any(String)]);
    expect((await cells(1))[3]).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
    // Under the switch, what was done while it lasted: the two saves of the settings.
    const done = history.getByRole('list', { name: 'Done while switched' }).getByRole('listitem');
    const saves = (await done.allTextContents()).filter((text) =>
      text.includes(' POST /api/v2/account/settings '),
    );
    expect(saves).toHaveLength(2);
    for (const save of saves) expect(save).toMatch(/ 200$/);
  });
});
