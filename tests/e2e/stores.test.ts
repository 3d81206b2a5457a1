import { describe, expect, it } from 'vitest';
import type { AuditPage, Fleet } from '#contracts';
import { signInAs } from './support/browser';
import { apiClient } from './support/dashboardApi';
import { DEMO_SETPOINT } from './support/device';
import { apiRequest } from './support/api';
import { apiToken } from './support/pathSession';
import { useBrowserPage } from './support/session';

const ODENSE = 'Store 103 Odense';
/** Three alarms of Odense's beverage cooler: more unacknowledged ones than a random demo incident elsewhere makes. */
const ODENSE_ALARMS = ['HIGH_TEMPERATURE', 'DOOR_OPEN', 'SENSOR_FAULT'].map((code) => ({
  hexacode: '1C0301',
  department: '1.0',
  code,
}));

describe('the chain at a glance and the audit trail', () => {
  const page = useBrowserPage();

  it('lists the demo stores on a phone with the one in alarm first; a click opens it', async () => {
    const admin = await apiClient('demo', 'admin', 'Admin123');
    for (const alarm of ODENSE_ALARMS)
      await admin.call('POST', '/api/v2/demo/alarms', { ...alarm, raised: true });
    // The alarms travel the real path (MQTT, gateway, alarm store) before the server counts them.
    await expect
      .poll(async () => (await admin.call<Fleet>('GET', '/api/v2/fleet')).stores[0]?.unacknowledgedAlarms, {
        timeout: 15_000,
      })
      .toBe(3);

    const p = page();
    await p.setViewportSize({ width: 360, height: 740 });
    await signInAs(p, 'admin', 'Admin123');
    await p.getByRole('button', { name: /^Account menu/ }).click();
    await p.getByRole('menuitem', { name: 'Stores' }).click();
    await p.waitForURL((url) => url.pathname === '/stores');
    const list = p.getByRole('list', { name: 'Stores, worst first' });
    await list.waitFor();
    const names = await list
      .getByRole('listitem')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
    expect(names[0]).toBe(ODENSE);
    expect([...names].sort()).toEqual(['Store 101 Copenhagen', 'Store 102 Aarhus', ODENSE]);
    await list.getByRole('listitem', { name: ODENSE }).getByText('3 active, 3 unacknowledged').waitFor();
    // It fits the phone: nothing wider than the screen.
    expect(await p.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);

    await list.getByRole('link', { name: ODENSE, exact: true }).click();
    await p.waitForURL((url) => /^\/1C030[12]\/1\/0\/pages\/1$/.test(url.pathname));

    for (const alarm of ODENSE_ALARMS)
      await admin.call('POST', '/api/v2/demo/alarms', { ...alarm, raised: false });
  });

  it('shows the administrator a setpoint write in the audit trail, as JSON and CSV; not to an operator', async () => {
    const admin = await apiClient('demo', 'admin', 'Admin123');
    await admin.call('PUT', '/api/v2/devices/pages/lines', { ...DEMO_SETPOINT, value: '3.5' });
    const { entries } = await admin.call<AuditPage>('GET', '/api/v2/audit?hexacode=1A0102&limit=1');
    expect(entries[0]).toMatchObject({
      user: 'admin',
      action: 'line.write',
      target: '1A0102 1.0 page 2 line 1',
      after: { value: '3.5', result: 'ACCEPTED' },
    });
    const token = await apiToken('demo', 'admin', 'Admin123');
    const csv = await apiRequest('demo', '/api/v2/audit?hexacode=1A0102&limit=1', {
      headers: { authorization: `Bearer ${token}`, accept: 'text/csv' },
    });
    const [header, row] = csv.body.trimEnd().split('\r\n');
    expect(header).toBe('seq,at,user,actingAs,action,target,hexacode,before,after,prevHash,hash');
    expect(row).toContain(`,admin,,line.write,1A0102 1.0 page 2 line 1,1A0102,`);
    expect(row!.endsWith(entries[0]!.hash)).toBe(true);
    const operator = await apiClient('demo', 'operator', 'Operator123');
    await expect(operator.call('GET', '/api/v2/audit')).rejects.toThrow(/403/);
  });
});
