import type { Page } from 'playwright-core';
import type { AlarmEntry, DashboardsList, Session } from '#contracts';
import { tenantUrl } from './browser';
import { apiCall, apiSession } from './pathSession';

/** A screen the dialog tour starts stops from, and how to get there afresh. */
export interface TourPlace {
  name: string;
  go(page: Page, session: Session): Promise<void>;
}

export const favoriteDashboard: TourPlace = {
  name: 'favorite dashboard',
  async go(page) {
    await page.goto(tenantUrl('demo', '/'));
    await page.getByRole('article').first().waitFor();
  },
};

/** The seeded history dashboard: its charts have a range and annotations. */
export const historyDashboard: TourPlace = {
  name: 'history dashboard',
  async go(page, session) {
    const list = await apiCall<DashboardsList>('demo', session, 'GET', '/api/v2/dashboards/');
    const { id } = list.body.dashboards.find((dashboard) => dashboard.name === 'Last weeks')!;
    await page.goto(tenantUrl('demo', `/dashboard/${id}`));
    await page.getByRole('article').first().getByRole('img').waitFor();
  },
};

/** The warehouse cold room's setpoints: a writable line. */
export const setpointPage: TourPlace = {
  name: 'setpoint page',
  async go(page) {
    await page.goto(tenantUrl('demo', '/2D0001/1/0/pages/2'));
    await page.getByRole('button', { name: 'Air temperature setpoint' }).waitFor();
  },
};

/** An alarm of the demo tenant's cold room (1A0105), raised for the acknowledge dialog while the tour walks. */
export const TOUR_ALARM = 'High temperature of Cold room';
const alarm = { hexacode: '1A0105', department: '1.0', code: 'HIGH_TEMPERATURE' };

const forceAlarm = async (session: Session, raised: boolean) => {
  const answer = await apiCall('demo', session, 'POST', '/api/v2/demo/alarms', { ...alarm, raised });
  if (answer.status !== 204) throw new Error(`the demo route answered ${answer.status}`);
};

/** Raises the tour's alarm; what it returns acknowledges and clears it, so no other test sees it. */
export async function raiseTourAlarm(session: Session): Promise<() => Promise<void>> {
  await forceAlarm(session, true);
  return async () => {
    const entries = await apiCall<AlarmEntry[]>('demo', session, 'GET', '/api/v2/alarms/');
    const open = entries.body
      .flatMap((entry) => entry.alarms)
      .filter((a) => a.hexacode === alarm.hexacode && a.code === alarm.code && !a.acknowledgedAt);
    for (const { id } of open)
      await apiCall('demo', session, 'POST', `/api/v2/alarms/${id}/acknowledge`, { comment: '' });
    await forceAlarm(session, false);
  };
}

/** The demo tenant's admin: every grant, so every dialog. */
export const adminSession = () => apiSession('demo', 'admin', 'Admin123');
