import { beforeAll, expect, it } from 'vitest';
import type { Dashboard, HistoryResult } from '#contracts';
import { describeEachBackend } from '../../testing/backends';
import { hostOf, tokenOf, useTestApp } from '../../testing/app';
import { insertBuffer } from './testing';

const START = Date.parse('2026-03-27T00:00:00Z');
const TEN_MINUTES = 600_000;

const element = (id: string, line: number, name: string | null) => ({
  id,
  hexacode: '1A0104',
  rawHexacode: '1A0104',
  department: 1,
  subDepartment: 0,
  pageNumber: 1,
  lineNumber: line,
  pcNumber: 4,
  useDefaultPcNumber: false,
  name,
});

describeEachBackend('history widget download', (backend) => {
  const ctx = useTestApp(backend, { devices: true });
  let token: string;
  let dashboardId: string;
  const download = (exportType: string, body: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v2/dashboards/widgets/download?exportType=${exportType}`,
      headers: { host: hostOf('demo'), authorization: `Bearer ${token}` },
      payload: { dashboardId, widgetId: 'h1', ...body },
    });

  beforeAll(async () => {
    token = await tokenOf(ctx.app, 'admin', 'Admin123');
    const id = await insertBuffer(ctx.handle.db, {
      hexacode: '1A0104',
      pcNumber: 4,
      intervalSeconds: 600,
      startAt: new Date(START),
    });
    const values = Array.from({ length: 4 * 144 }, (_, i) => i / 10);
    await ctx.app.history.importSamples(id, new Date(START), 600, values);
    const headers = { host: hostOf('demo'), authorization: `Bearer ${token}` };
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/dashboards/',
      headers,
      payload: { name: 'History' },
    });
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v2/dashboards/',
      headers,
      payload: {
        id: created.json<Dashboard>().id,
        name: 'History',
        version: 1,
        widgets: [
          {
            id: 'h1',
            type: 'LINE_CHART',
            name: 'Islands',
            position: { i: 'h1', x: 0, y: 0, w: 6, h: 4 },
            elements: [element('e1', 1, '=Island "A"'), element('e2', 2, null)],
          },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    dashboardId = saved.json<Dashboard>().id;
  });

  it('writes one row a bucket in the local time of the user, across the spring change', async () => {
    const response = await download('CSV', {
      from: '2026-03-29T00:00:00+01:00',
      to: '2026-03-29T05:00:00+02:00',
      timeZone: 'Europe/Copenhagen',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers['content-disposition']).toContain('filename="Islands.csv"');
    const [header, ...rows] = response.body.trimEnd().split('\r\n');
    // The element label neutralised as a formula, the line's name where there is no label.
    expect(header).toBe(`Time (Europe/Copenhagen),UTC,"'=Island ""A""",Supply air temperature`);
    expect(rows).toHaveLength(24);
    const local = rows.map((r) => r.split(',')[0]);
    expect(local.slice(10, 14)).toEqual([
      '29-03-2026 01:40',
      '29-03-2026 01:50',
      '29-03-2026 03:00',
      '29-03-2026 03:10',
    ]);
    const first = (Date.parse('2026-03-28T23:00:00Z') - START) / TEN_MINUTES;
    rows.forEach((row, i) => {
      const [, utc, value, missing] = row.split(',');
      expect(Date.parse(utc!)).toBe(Date.parse('2026-03-28T23:00:00Z') + i * TEN_MINUTES);
      expect(Number(value)).toBeCloseTo((first + i) / 10, 4);
      expect(missing).toBe(''); // no buffer of line 2: an empty column
    });
  });

  it('gives the history result as JSON, the series of a missing buffer saying so', async () => {
    const response = await download('JSON', {
      from: '2026-03-28T00:00:00Z',
      to: '2026-03-29T00:00:00Z',
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = JSON.parse(response.body) as HistoryResult;
    expect(result.resolutionMs).toBe(TEN_MINUTES);
    expect(result.series.map((s) => [s.id, s.status])).toEqual([
      ['e1', 'OK'],
      ['e2', 'BUFFER_NOT_PRESENT'],
    ]);
    expect(result.series[0]!.points.t).toHaveLength(144);
  });

  it("downloads the widget's own interval when no range is sent", async () => {
    const response = await download('JSON', {});
    const result = JSON.parse(response.body) as HistoryResult;
    expect(Date.parse(result.to)).toBe(ctx.clock.now().getTime());
    expect(Date.parse(result.to) - Date.parse(result.from)).toBe(24 * 3_600_000);
  });

  it('refuses a bad time zone or range with a 400 naming the field', async () => {
    const zone = await download('CSV', { timeZone: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().message).toBe('timeZone: Time zone is invalid');
    const range = await download('CSV', { from: '2026-03-29T00:00:00Z', to: '2026-03-28T00:00:00Z' });
    expect(range.statusCode).toBe(400);
    expect(range.json().message).toBe('to: To value must be after From');
  });
});
