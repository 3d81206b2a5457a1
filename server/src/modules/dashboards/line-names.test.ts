import { beforeAll, expect, it } from 'vitest';
import type { AccountSettings, Dashboard, WidgetElement } from '#contracts';
import { describeEachBackend } from '../../testing/backends';
import { hostOf, tokenOf } from '../../testing/app';
import { fleetOnline } from '../../testing/devices';
import { element, useDashboardsApp } from './testing';

describeEachBackend("a dashboard's lines, named in the reader's language", (backend) => {
  const { ctx, call } = useDashboardsApp(backend, { devices: true });
  let id: string;

  const namesAs = async (token: string, path = '') => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/dashboards/${id}${path}`,
      headers: { host: hostOf('demo'), authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [widget] = response.json<Dashboard>().widgets;
    return (widget!.elements as WidgetElement[]).map(({ name, dataName }) => ({ name, dataName }));
  };

  beforeAll(async () => {
    await fleetOnline(ctx.devices);
    const created = await call('POST', '/api/v2/dashboards/', { name: 'Built in English' });
    id = created.json<Dashboard>().id;
    const saved = await call('PUT', '/api/v2/dashboards/', {
      id,
      name: 'Built in English',
      version: 1,
      widgets: [
        {
          id: 'w1',
          type: 'TABLE',
          name: 'Dairy case 1',
          position: { i: 'w1', x: 0, y: 0, w: 6, h: 4 },
          elements: [
            element('e1', '1A0102', 2, 1, { order: 0, dataName: 'Air temperature setpoint' }),
            element('e2', '1A0102', 1, 1, { order: 1, name: 'Front', dataName: 'Air temperature' }),
            element('e3', '3E0001', 1, 1, { order: 2, dataName: 'Not ours' }),
            element('e4', '1A0102', 1, 99, { order: 3, dataName: 'Gone' }),
          ],
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('answers the names the ADF gives in the language of whoever reads it; an own label, a foreign device and a line gone keep theirs', async () => {
    const english = await tokenOf(ctx.app, 'operator', 'Operator123');
    expect(await namesAs(english)).toEqual([
      { name: null, dataName: 'Air temperature setpoint' },
      { name: 'Front', dataName: 'Air temperature' },
      { name: null, dataName: 'Not ours' },
      { name: null, dataName: 'Gone' },
    ]);

    const settings = (await call('GET', '/api/v2/account/settings')).json<AccountSettings>();
    const changed = await call('POST', '/api/v2/account/settings', {
      ...settings,
      language: { code: 'de', label: 'Deutsch' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The same session, at once: the language is the user's, not the sign-in's.
    const german = english;
    const inGerman = [
      { name: null, dataName: 'Sollwert Lufttemperatur' },
      { name: 'Front', dataName: 'Lufttemperatur' },
      { name: null, dataName: 'Not ours' },
      { name: null, dataName: 'Gone' },
    ];
    expect(await namesAs(german)).toEqual(inGerman);
    // The file a German operator exports names them as they read them; importing it names them anew.
    expect(await namesAs(german, '/export')).toEqual(inGerman);
  });
});
