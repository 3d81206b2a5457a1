import { describe, expect, it } from 'vitest';
import type { AlarmEntry, EscalationTestRun } from '#contracts';
import { eventually } from '../../server/src/testing/wait';
import { bellCount, signInWithAlarmStream } from './support/alarmBell';
import { openAccountDialog } from './support/accountSettings';
import { signInAs } from './support/browser';
import { apiRequest } from './support/api';
import {
  adminToken,
  call,
  COLD_ROOM as DEVICE,
  forceColdRoomAlarm as forceAlarm,
  mailsWith,
} from './support/demoAlarms';
import { useBrowserPage } from './support/session';

const LEVEL_1 = 'store-staff@demo.example';
const LEVEL_2 = 'store-manager@demo.example';
const TESTED = 'weekly-test@demo.example';

/** The e-mails of the outbox sent to `address`. */
const mailsTo = (address: string) => mailsWith(`To: ${address}`);

/** The id of the device's open alarm `code`. */
async function alarmId(token: string, code: string): Promise<string> {
  const entries = JSON.parse(await call(token, 'GET', '/api/v2/alarms/')) as AlarmEntry[];
  return entries.flatMap((entry) => entry.alarms).find((a) => a.hexacode === DEVICE && a.code === code)!.id;
}

/** The escalation rounds the server has completed (its /metrics). */
async function escalationRounds(): Promise<number> {
  const { body } = await apiRequest('demo', '/metrics');
  return Number(/^coldwatch_escalation_rounds_total (\d+)$/m.exec(body)?.[1]);
}

describe('escalation and shelving', () => {
  const page = useBrowserPage();

  it(
    'an alarm nobody acknowledges reaches level 2 by e-mail and is repeated; acknowledging it stops the repeats',
    { timeout: 120_000 },
    async () => {
      const token = await adminToken();
      await call(token, 'PUT', '/api/v2/alarms/escalation', {
        levels: [
          { afterSeconds: 0, emails: [LEVEL_1], channels: ['email'] },
          { afterSeconds: 4, emails: [LEVEL_2], channels: ['email'] },
        ],
        repeatSeconds: 10,
      });
      await forceAlarm(token, 'LOW_TEMPERATURE', true);
      await eventually(async () => (await mailsTo(LEVEL_2)).length > 0, {
        what: 'the level 2 e-mail',
        timeoutMs: 30_000,
      });
      const [level2] = await mailsTo(LEVEL_2);
      expect(level2).toContain('Not acknowledged (level 2)');
      expect(level2).toContain(`/${DEVICE}/1/0/pages/1`);
      // Level 1 is told again once the repeat interval passed.
      await eventually(async () => (await mailsTo(LEVEL_1)).length >= 2, {
        what: 'the repeat to level 1',
        timeoutMs: 30_000,
      });

      await call(token, 'POST', `/api/v2/alarms/${await alarmId(token, 'LOW_TEMPERATURE')}/acknowledge`, {
        comment: 'Defrost stuck, on it',
      });
      const told = (await mailsTo(LEVEL_1)).length + (await mailsTo(LEVEL_2)).length;
      // Nothing more: the rounds of two repeat intervals (a round every 5 s, and one for the round under way at
      // the acknowledgement) pass without another e-mail.
      const rounds = await escalationRounds();
      await eventually(async () => (await escalationRounds()) >= rounds + 5, {
        what: 'five escalation rounds after the acknowledgement',
        timeoutMs: 60_000,
      });
      expect((await mailsTo(LEVEL_1)).length + (await mailsTo(LEVEL_2)).length).toBe(told);

      await forceAlarm(token, 'LOW_TEMPERATURE', false);
      await call(token, 'PUT', '/api/v2/alarms/escalation', { levels: [] });
    },
  );

  it(
    'shelves an alarm from the alarms menu with a reason: the bell drops it, and it returns when unshelved',
    { timeout: 120_000 },
    async () => {
      const token = await adminToken();
      const { bell, before } = await signInWithAlarmStream(page());
      await forceAlarm(token, 'SENSOR_FAULT', true);
      await eventually(async () => (await bellCount(page())) > before, {
        what: 'the bell to count the alarm',
      });

      await bell.click();
      await page()
        .getByRole('button', { name: /^Shelve Sensor fault of / })
        .first()
        .click();
      const dialog = page().getByRole('dialog', { name: 'Shelve alarm' });
      await dialog.getByRole('textbox', { name: 'Minutes' }).fill('30');
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('Probe being replaced');
      await dialog.getByRole('button', { name: 'Shelve' }).click();
      await page().getByText('Alarm shelved').waitFor();
      await eventually(async () => (await bellCount(page())) === before, {
        what: 'the bell to drop the shelved alarm',
      });

      await bell.click();
      const shelved = page().getByRole('region', { name: 'Shelved' });
      await shelved.getByText(/Probe being replaced/).waitFor();
      await shelved.getByRole('button', { name: /^Unshelve Sensor fault of / }).click();
      await eventually(async () => (await bellCount(page())) > before, {
        what: 'the unshelved alarm back in the bell',
      });

      await forceAlarm(token, 'SENSOR_FAULT', false);
    },
  );

  it(
    'a weekly test alarm due now reaches level 1, and the escalation dialog lists it with whom it reached, on a phone',
    { timeout: 120_000 },
    async () => {
      const token = await adminToken();
      const now = new Date();
      const testAlarm = { day: ((now.getUTCDay() + 6) % 7) + 1, time: now.toISOString().slice(11, 16) };
      await call(token, 'PUT', '/api/v2/alarms/escalation', {
        levels: [{ afterSeconds: 0, emails: [TESTED], channels: ['email'] }],
        timeZone: 'UTC',
        testAlarm,
      });
      let runs: EscalationTestRun[] = [];
      await eventually(
        async () => {
          runs = JSON.parse(
            await call(token, 'GET', '/api/v2/alarms/escalation/tests'),
          ) as EscalationTestRun[];
          return runs.length > 0;
        },
        { what: 'the weekly test alarm', timeoutMs: 30_000 },
      );
      expect(runs[0]).toMatchObject({
        result: 'QUEUED',
        notified: [{ channel: 'email', recipient: TESTED }],
      });

      const p = page();
      await p.setViewportSize({ width: 360, height: 740 });
      await signInAs(p, 'admin', 'Admin123');
      const dialog = await openAccountDialog(p, 'Alarm escalation');
      const listed = dialog.getByRole('list', { name: 'Last test alarms' }).getByRole('listitem').first();
      const text = await listed.textContent();
      expect(text, 'its time in the user format').toMatch(/^\d\d-\d\d-\d{4} \d\d:\d\d: /);
      expect(text).toContain(`: sent to ${TESTED} (E-mail)`);
      expect(await p.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);

      await call(token, 'PUT', '/api/v2/alarms/escalation', { levels: [] });
    },
  );
});
