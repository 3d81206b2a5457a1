import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { AuditChain, AuditPage } from '#contracts';
import { instantAsUserWrites } from '../support/dom/userDates';
import { openAccountDialog } from './support/accountSettings';
import { signInAs } from './support/browser';
import { apiClient } from './support/dashboardApi';
import { DEMO_SETPOINT } from './support/device';
import { useBrowserPage } from './support/session';

describe('the audit trail', () => {
  const page = useBrowserPage();

  it("shows an administrator, on a phone, an operator's setpoint write found by device and kind, and saves it as CSV", async () => {
    const operator = await apiClient('demo', 'operator', 'Operator123');
    await operator.call('PUT', '/api/v2/devices/pages/lines', { ...DEMO_SETPOINT, value: '4.5' });
    const admin = await apiClient('demo', 'admin', 'Admin123');
    const { entries } = await admin.call<AuditPage>('GET', '/api/v2/audit?hexacode=1A0102&action=line.write');
    const written = entries[0]!;
    expect(written).toMatchObject({ user: 'operator', target: '1A0102 1.0 page 2 line 1' });

    const p = page();
    await p.setViewportSize({ width: 360, height: 740 });
    await signInAs(p, 'admin', 'Admin123');
    const dialog = await openAccountDialog(p, 'Audit trail');
    const table = dialog.getByRole('table', { name: 'Audit entries' });
    await table.waitFor();

    // A device that is no hexacode is refused, named at its field.
    const device = dialog.getByRole('textbox', { name: 'Device (hexacode)' });
    await device.fill('1A01XZ');
    await dialog.getByRole('button', { name: 'Show' }).click();
    expect(await device.getAttribute('aria-invalid')).toBe('true');
    expect(await device.evaluate((field) => field.getAttribute('aria-describedby'))).toBeTruthy();

    await device.fill('1a0102');
    await dialog.getByRole('combobox', { name: 'Change' }).selectOption({ label: 'Wrote a device value' });
    await dialog.getByRole('button', { name: 'Show' }).click();
    const when = await p.evaluate(instantAsUserWrites, written.at);
    const newest = table.getByRole('row').nth(1);
    await expect
      .poll(() => newest.getByRole('cell').allTextContents())
      .toEqual([
        when,
        'operator',
        'Wrote a device value',
        '1A0102 · Department 1.0 · page 2, line 1',
        expect.stringContaining('→ 4.5'),
      ]);
    expect(await table.getByRole('row').count()).toBe(Math.min(entries.length, 50) + 1);
    // It fits the phone: the rows stack, so neither the page nor the table's region scrolls sideways.
    expect(await p.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
    const region = dialog.getByRole('region', { name: 'Audit entries' });
    expect(await region.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);

    const [download] = await Promise.all([
      p.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('audit.csv');
    const rows = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
    expect(rows[0]).toBe('seq,at,user,actingAs,action,target,hexacode,before,after,prevHash,hash');
    expect(rows[1]!.startsWith(`${written.seq},${written.at},operator,,line.write,`)).toBe(true);
    expect(rows.slice(1).every((row) => row.includes(',line.write,'))).toBe(true);

    // The trail is whole: every entry the server holds is linked to the one before and unaltered.
    const { entries: linked } = await admin.call<AuditChain>('GET', '/api/v2/audit/chain');
    await dialog.getByRole('button', { name: 'Check the chain' }).click();
    await dialog
      .getByRole('status')
      .filter({
        hasText:
          linked === 1
            ? 'The trail is whole: its entry is unaltered.'
            : `The trail is whole: its ${linked.toLocaleString('en')} entries are linked and unaltered.`,
      })
      .waitFor();

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
