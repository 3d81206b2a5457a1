import { describe, expect, it } from 'vitest';
import { signInAs, tenantUrl } from './support/browser';
import { apiClient } from './support/dashboardApi';
import { adminToken, COLD_ROOM as DEVICE, forceColdRoomAlarm } from './support/demoAlarms';
import { useBrowserPage } from './support/session';

const CURVES = 'Dairy case 1 · last 30 days';
const CHART = 'Warehouse cold room · last 30 days';

/** The cold room's alarm whose mark the chart shows. */
const forceAlarm = (token: string, raised: boolean) => forceColdRoomAlarm(token, 'LOW_TEMPERATURE', raised);

describe('alarm marks on a history chart', () => {
  const page = useBrowserPage();

  it('a chart shows an alarm mark', { timeout: 120_000 }, async () => {
    const token = await adminToken();
    const admin = await apiClient('demo', 'admin', 'Admin123');
    // The demo's 30-day chart, reading the cold room instead of the dairy case.
    const source = (await admin.dashboardNamed('Last weeks')).widgets.find((w) => w.name === CURVES)!;
    const created = await admin.call<{ id: string; name: string; version: number }>(
      'POST',
      '/api/v2/dashboards/',
      {
        name: 'E2E alarm marks',
      },
    );
    const widget = {
      ...source,
      id: `${created.id}-0`,
      name: CHART,
      position: { x: 0, y: 0, w: 12, h: 6, i: `${created.id}-0` },
      elements: source.elements.map((e) => ({ ...e, hexacode: DEVICE, department: 1, subDepartment: 0 })),
    };
    await admin.call('PUT', '/api/v2/dashboards/', { ...created, widgets: [widget] });
    await forceAlarm(token, true);
    try {
      const p = page();
      await signInAs(p, 'admin', 'Admin123');
      await p.goto(tenantUrl('demo', `/dashboard/${created.id}`));
      const chart = p.getByRole('article', { name: CHART });
      const toggle = chart.getByRole('button', { name: 'Show alarms' });
      await toggle.click();
      expect(await toggle.getAttribute('aria-pressed')).toBe('true');
      const marks = chart.getByRole('region', { name: 'Alarms on the chart' });
      await marks
        .getByRole('listitem')
        .filter({ hasText: /^Alarm .+: since / })
        .first()
        .waitFor();
      await toggle.click();
      await marks.waitFor({ state: 'detached' });
    } finally {
      await forceAlarm(token, false);
    }
  });
});
