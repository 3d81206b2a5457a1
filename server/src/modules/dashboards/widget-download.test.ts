import { beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, Line } from '#contracts';
import { describeEachBackend } from '../../testing/backends';
import { hostOf } from '../../testing/app';
import { fleetOnline } from '../../testing/devices';
import type { WidgetValues } from '#contracts';
import { element, useDashboardsApp } from './testing';
import { csvField, downloadFileName, toCsv } from './widget-download';

/** Parses RFC 4180 CSV (quoted fields with doubled quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  return records;
}

describe('widget download helpers', () => {
  it('quotes CSV fields as RFC 4180 says', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(-3.5)).toBe('-3.5');
    expect(toCsv([])).toBe(
      'label,lineName,device,hexacode,department,subDepartment,departmentName,page,line,value,unit,status\r\n',
    );
  });

  it('neutralises text a spreadsheet would run as a formula, never numbers', () => {
    expect(csvField('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    for (const formula of ['+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd', '＝1+1']) {
      expect(csvField(formula).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvField(-12)).toBe('-12');
    expect(csvField('Dairy -1')).toBe('Dairy -1');
  });

  it('sanitises file names and adds the extension once', () => {
    expect(downloadFileName('Cold room.csv', 'W', 'CSV')).toBe('Cold room.csv');
    expect(downloadFileName('Cold room', 'W', 'JSON')).toBe('Cold room.json');
    expect(downloadFileName('../../etc/passwd', 'W', 'CSV')).toBe('etc_passwd.csv');
    expect(downloadFileName('a"b;\r\nc', 'W', 'CSV')).toBe('a_b_c.csv');
    expect(downloadFileName(undefined, 'Køl 1', 'CSV')).toBe('K_l 1.csv');
    expect(downloadFileName('   ', 'Café', 'JSON')).toBe('Cafe.json');
    expect(downloadFileName('***', '///', 'CSV')).toBe('widget.csv');
  });
});

describeEachBackend('widget download', (backend) => {
  const { ctx, call } = useDashboardsApp(backend, { devices: true });
  let dashboard: Dashboard;

  const download = (query: string, body: object, who = 'operator') =>
    call('POST', `/api/v2/dashboards/widgets/download?${query}`, body, who);
  const liveLines = async (hexacode: string, page: number) => {
    const response = await call('POST', '/api/v2/devices/pages/lines', {
      hexacode,
      rawHexacode: hexacode,
      department: 1,
      subDepartment: 0,
      page,
    });
    return response.json<{ lines: Line[] }>().lines;
  };

  beforeAll(async () => {
    await fleetOnline(ctx.devices);
    const created = await call('POST', '/api/v2/dashboards/', { name: 'Exports' });
    const saved = await call('PUT', '/api/v2/dashboards/', {
      id: created.json<Dashboard>().id,
      name: 'Exports',
      version: 1,
      widgets: [
        {
          id: 'w1',
          type: 'TABLE',
          name: 'Dairy, "case" 1',
          position: { i: 'w1', x: 0, y: 0, w: 6, h: 4 },
          elements: [
            // Listed out of order: the export follows `order`.
            element('e2', '1A0102', 2, 1, { order: 1 }),
            element('e1', '1A0102', 1, 1, { order: 0, name: 'Air, "front"' }),
            element('e3', '1A0102', 1, 99, { order: 2 }),
            element('e4', '3E0001', 1, 1, { order: 3, name: 'Not ours' }),
            { id: 'e5', order: 4, name: 'Unset' },
          ],
        },
        { id: 'w2', type: 'LINE', name: 'Empty', position: { i: 'w2', x: 6, y: 0, w: 3, h: 4 } },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    dashboard = saved.json<Dashboard>();
  });

  it('exports the current values as CSV with a header row, RFC 4180 quoting, named after the widget', async () => {
    const response = await download('exportType=CSV', { dashboardId: dashboard.id, widgetId: 'w1' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Dairy_ _case_ 1.csv"; filename*=UTF-8''Dairy_%20_case_%201.csv`,
    );
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([
      'label',
      'lineName',
      'device',
      'hexacode',
      'department',
      'subDepartment',
      'departmentName',
      'page',
      'line',
      'value',
      'unit',
      'status',
    ]);
    expect(response.body).toContain('"Air, ""front"""');
    const status = await liveLines('1A0102', 1);
    const thermostat = await liveLines('1A0102', 2);
    const air = status.find((l) => l.number === 1)!;
    const setpoint = thermostat.find((l) => l.number === 1)!;
    expect(rows).toEqual([
      [
        'Air, "front"',
        air.name,
        'Dairy cases',
        '1A0102',
        '1',
        '0',
        'Evaporator 1',
        '1',
        '1',
        air.value,
        '°C',
        'OK',
      ],
      [
        setpoint.name,
        setpoint.name,
        'Dairy cases',
        '1A0102',
        '1',
        '0',
        'Evaporator 1',
        '2',
        '1',
        setpoint.value,
        '°C',
        'OK',
      ],
      ['', '', 'Dairy cases', '1A0102', '1', '0', 'Evaporator 1', '1', '99', '', '', 'LINE_NOT_PRESENT'],
      // Another tenant's device is not found, and its name is never told.
      ['Not ours', '', '', '3E0001', '1', '0', '', '1', '1', '', '', 'DEVICE_NOT_FOUND'],
      ['Unset', '', '', '', '', '', '', '', '', '', '', 'NO_DATA'],
    ]);
    expect(air.value).toMatch(/^-?\d/);
  });

  it('exports JSON under the given (sanitised) file name', async () => {
    const response = await download('exportType=JSON&fileName=' + encodeURIComponent('Morning/report.json'), {
      dashboardId: dashboard.id,
      widgetId: 'w1',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Morning_report.json";/);
    const body = response.json<WidgetValues>();
    expect(body).toMatchObject({
      dashboardId: dashboard.id,
      widget: { id: 'w1', name: 'Dairy, "case" 1', type: 'TABLE' },
      exportedAt: ctx.clock.now().toISOString(),
    });
    expect(body.elements.map((e) => [e.label, e.status])).toEqual([
      ['Air, "front"', 'OK'],
      ['Air temperature setpoint', 'OK'],
      ['', 'LINE_NOT_PRESENT'],
      ['Not ours', 'DEVICE_NOT_FOUND'],
      ['Unset', 'NO_DATA'],
    ]);
    expect(body.elements[0]).toMatchObject({
      device: 'Dairy cases',
      hexacode: '1A0102',
      department: 1,
      subDepartment: 0,
      departmentName: 'Evaporator 1',
      page: 1,
      line: 1,
      unit: '°C',
    });
  });

  it('exports a widget without elements as just the header', async () => {
    const response = await download('exportType=CSV&fileName=', {
      dashboardId: dashboard.id,
      widgetId: 'w2',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="Empty.csv"/);
    expect(parseCsv(response.body)).toHaveLength(1);
  });

  it('answers 400 for a bad export type or body, 404 for others’ dashboards and unknown widgets', async () => {
    for (const query of ['exportType=XML', 'exportType=csv', '']) {
      const response = await download(query, { dashboardId: dashboard.id, widgetId: 'w1' });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/^exportType: /);
    }
    expect((await download('exportType=CSV', { dashboardId: dashboard.id })).statusCode).toBe(400);

    const unknownWidget = await download('exportType=CSV', { dashboardId: dashboard.id, widgetId: 'nope' });
    expect(unknownWidget.statusCode).toBe(404);
    expect(unknownWidget.json()).toMatchObject({ code: 'WIDGET_NOT_FOUND' });
    for (const who of ['admin', 'acme']) {
      const response = await download('exportType=CSV', { dashboardId: dashboard.id, widgetId: 'w1' }, who);
      expect(response.statusCode, who).toBe(404);
      expect(response.json()).toMatchObject({ code: 'DASHBOARD_NOT_FOUND' });
    }
    const unknown = await download('exportType=JSON', { dashboardId: 'not-an-id', widgetId: 'w1' });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/dashboards/widgets/download?exportType=CSV',
      headers: { host: hostOf('demo') },
      payload: { dashboardId: dashboard.id, widgetId: 'w1' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
