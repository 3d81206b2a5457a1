import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../server/src/testing/wait';
import { bellCount, signInWithAlarmStream } from './support/alarmBell';
import { adminToken, call, COLD_ROOM as DEVICE, forceColdRoomAlarm, mailsWith } from './support/demoAlarms';
import { signInAs } from './support/browser';
import { waitForFocus } from './support/focus';
import { holdRequest } from './support/heldRequest';
import { useBrowserPage } from './support/session';

const MAIL_TO = 'night-shift@demo.example';

/** What a demo operator would do with the documented on-demand route: the simulated device raises or clears. */
const forceAlarm = (token: string, raised: boolean) => forceColdRoomAlarm(token, 'HIGH_TEMPERATURE', raised);

describe('alarms, from a device to the operator', () => {
  const page = useBrowserPage();

  it(
    'a raised alarm is counted by the bell, turns the tree red, leads to its page, is acknowledged with a comment, mailed, and cleared',
    { timeout: 120_000 },
    async () => {
      const token = await adminToken();
      const settings = JSON.parse(await call(token, 'GET', '/api/v2/account/settings'));
      await call(token, 'POST', '/api/v2/account/settings', {
        ...settings,
        enableAlarmEmailExport: true,
        alarmEmailExportAddresses: [MAIL_TO],
      });
      const { bell, before } = await signInWithAlarmStream(page());

      await forceAlarm(token, true);
      await eventually(async () => (await bellCount(page())) > before, {
        what: 'the bell to count the alarm',
      });

      const tree = page().getByRole('tree', { name: 'Devices' });
      await tree.getByRole('treeitem', { name: new RegExp(`${DEVICE}.*online, in alarm`) }).waitFor();

      await bell.click();
      const menu = page().getByRole('list', { name: 'Alarms' });
      const entry = menu.getByRole('listitem').filter({ hasText: DEVICE }).first();
      await entry.getByRole('link', { name: /High temperature/ }).click();
      await page().waitForURL((url) => url.pathname === `/${DEVICE}/1/0/pages/1`);

      await bell.click();
      await page()
        .getByRole('button', { name: new RegExp(`^Acknowledge High temperature of`) })
        .first()
        .click();
      const dialog = page().getByRole('dialog', { name: 'Acknowledge alarm' });
      await dialog.getByRole('textbox', { name: 'Comment' }).fill('Door closed, checking the probe');
      await dialog.getByRole('button', { name: 'Acknowledge' }).click();
      await page().getByText('Alarm acknowledged').waitFor();

      await bell.click();
      await menu.getByText('Acknowledged by admin').first().waitFor();
      await page().getByRole('button', { name: 'Alarm history' }).click();
      const history = page().getByRole('dialog', { name: 'Alarm history' });
      const row = history.getByRole('row').filter({ hasText: 'Door closed, checking the probe' });
      await row.waitFor();
      expect(await row.textContent()).toContain('High temperature');
      expect(await row.textContent()).toContain('by admin');
      // Saved as CSV: every occurrence, the acknowledgement with its comment, the alarm named beside its code.
      const [download] = await Promise.all([
        page().waitForEvent('download'),
        history.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('alarm-history.csv');
      const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
      expect(lines[0]).toMatch(/^id,occuredAt,clearedAt,/);
      const acknowledged = lines.find((line) => line.includes('"Door closed, checking the probe"'));
      expect(acknowledged).toContain(`,${DEVICE},1.0,`);
      expect(acknowledged).toContain(',HIGH_TEMPERATURE,High temperature,');
      expect(acknowledged).toContain(',admin,');
      await history.getByRole('button', { name: 'Close' }).click();

      await eventually(async () => (await mailsWith(MAIL_TO)).length > 0, {
        what: 'the alarm e-mail in the outbox',
      });
      const [mail] = await mailsWith(MAIL_TO);
      expect(mail).toContain(DEVICE);
      expect(mail).toContain(`/${DEVICE}/1/0/pages/1`);

      const counted = await bellCount(page());
      await forceAlarm(token, false);
      await eventually(async () => (await bellCount(page())) < counted, {
        what: 'the bell to drop the cleared alarm',
      });
      await tree.getByRole('treeitem', { name: new RegExp(`${DEVICE}.*online$`) }).waitFor();
    },
  );

  it("keeps a keyboard user in the alarm menu while a switch's setting is saved, then on the switch", async () => {
    await signInAs(page(), 'admin', 'Admin123');
    await page()
      .getByRole('button', { name: /^Alarms, / })
      .click();
    const sound = page().getByRole('switch', { name: 'Sound on new alarms' });
    const soundAt = await sound.elementHandle();
    // On, then off again: the demo admin's setting as it was.
    for (const press of [1, 2]) {
      const save = await holdRequest(page(), '**/api/v2/account/settings');
      await sound.press('Space');
      await save.arrived;
      expect(await sound.isDisabled(), `disabled while saving (press ${press})`).toBe(true);
      // The menu around the switch holds the focus: it is neither lost to the page nor the menu closed.
      await page().waitForFunction(
        (target) => document.activeElement !== document.body && !!document.activeElement?.contains(target),
        soundAt,
      );
      save.release();
      await waitForFocus(sound);
    }
    expect(await sound.isChecked()).toBe(false);
  });
});
