import { beforeAll, describe, expect, it } from 'vitest';
import type { AlarmHistoryPage } from '#contracts';
import { loadAdfs } from '../gateway/adf/loader';
import { tokenOf, useTestApp } from '../testing/app';
import { TEST_BACKEND } from '../testing/backends';
import { backfillDemoHistory } from './history';

describe("the demo's past alarms", () => {
  const ctx = useTestApp(TEST_BACKEND, { demoDashboards: true, devices: true });
  let token: string;

  beforeAll(async () => {
    const adfs = await loadAdfs();
    // The seed started the demo's buffers from the real time, as a first start does.
    await backfillDemoHistory(ctx.handle.db, adfs, Date.now(), (runs) => ctx.app.history.importRuns(runs));
    token = await tokenOf(ctx.app, 'admin', 'Admin123');
  });

  const history = async (query: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/alarms/history?${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json<AlarmHistoryPage>();
  };

  it('tell the weeks the charts tell: the tripped compressor, acknowledged with its story, and the lost device', async () => {
    const trip = await history('hexacode=1A0101&pageLength=100');
    const fault = trip.data.find((row) => row.code === 'COMPRESSOR_FAULT' && row.comment);
    expect(fault).toMatchObject({ acknowledgedBy: 'operator', comment: 'MT compressor 1 tripped' });
    expect(Date.parse(fault!.clearedAt!)).toBeGreaterThan(Date.parse(fault!.occuredAt));

    const lost = await history('hexacode=1A0104&pageLength=100');
    const row = lost.data.find((r) => r.code === 'DEVICE_LOST');
    expect(row).toMatchObject({ translation: 'Device lost', department: 0 });
    expect(Date.parse(row!.clearedAt!) - Date.parse(row!.occuredAt)).toBeGreaterThan(2 * 3_600_000);
  });

  it('are all cleared, so the bell starts from what the live fleet raises', async () => {
    const page = await history('pageLength=10');
    expect(page.recordsFiltered).toBeGreaterThan(100);
    expect(page.data.every((r) => r.clearedAt !== null)).toBe(true);
  });
});
