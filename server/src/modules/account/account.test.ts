import { beforeAll, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_SETTINGS } from '#contracts';
import { describeEachBackend } from '../../testing/backends';
import { demoTotpAt, expectValidationFailed, hostOf, login, tokenOf, useTestApp } from '../../testing/app';

describeEachBackend('account settings', (backend) => {
  const ctx = useTestApp(backend);
  let token = '';
  beforeAll(async () => {
    token = await tokenOf(ctx.app, 'operator', 'Operator123', 'acme');
  });
  const headers = () => ({ host: hostOf('acme'), authorization: `Bearer ${token}` });
  const read = () => ctx.app.inject({ url: '/api/v2/account/settings', headers: headers() });
  const update = (payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v2/account/settings',
      headers: headers(),
      payload: payload as object,
    });

  it('starts from the defaults, with the e-mail of the account', async () => {
    expect((await read()).json()).toEqual(DEFAULT_ACCOUNT_SETTINGS);
    const admin = await tokenOf(ctx.app, 'admin', 'Admin123', 'acme');
    const response = await ctx.app.inject({
      url: '/api/v2/account/settings',
      headers: { host: hostOf('acme'), authorization: `Bearer ${admin}` },
    });
    expect(response.json().email).toBe('admin@acme.example');
  });

  it('merges a partial update and answers the full settings', async () => {
    const response = await update({
      themeSize: 'LARGE',
      dashboardsSettings: { sortMode: 'NAME', sortDirection: 'DESC' },
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      ...DEFAULT_ACCOUNT_SETTINGS,
      themeSize: 'LARGE',
      dashboardsSettings: { sortMode: 'NAME', sortDirection: 'DESC' },
    };
    expect(response.json()).toEqual(expected);
    expect((await read()).json()).toEqual(expected);
  });

  it('exports alarms by e-mail to the addresses given (SPEC §5: at least one while on)', async () => {
    const addresses = ['store@example.com', 'night@example.com'];
    const response = await update({ enableAlarmEmailExport: true, alarmEmailExportAddresses: addresses });
    expect(response.statusCode).toBe(200);
    expect((await read()).json()).toMatchObject({
      enableAlarmEmailExport: true,
      alarmEmailExportAddresses: addresses,
    });
    // Turning it off again may empty the list.
    await update({ enableAlarmEmailExport: false, alarmEmailExportAddresses: [] });
    expect((await read()).json()).toMatchObject({
      enableAlarmEmailExport: false,
      alarmEmailExportAddresses: [],
    });
  });

  it('keeps the alarm sound and browser notification switches (off by default)', async () => {
    expect((await read()).json()).toMatchObject({ alarmSound: false, alarmBrowserNotifications: false });
    const response = await update({ alarmSound: true, alarmBrowserNotifications: true });
    expect(response.statusCode).toBe(200);
    expect((await read()).json()).toMatchObject({ alarmSound: true, alarmBrowserNotifications: true });
    expect((await update({ alarmSound: 'yes' })).statusCode).toBe(400);
    await update({ alarmSound: false, alarmBrowserNotifications: false });
  });

  it('stores the language as the language of later sessions', async () => {
    await update({ language: { code: 'FR', label: 'Français' } });
    const session = await login(ctx.app, { username: 'operator', password: 'Operator123' }, 'acme');
    expect(session.json().metadata.languageCode).toBe('fr');
  });

  it('lists the eleven languages, each named in itself', async () => {
    const response = await ctx.app.inject({ url: '/api/v2/account/settings/languages', headers: headers() });
    expect(response.statusCode).toBe(200);
    const languages = response.json() as { item: string; label: string }[];
    expect(languages).toHaveLength(11);
    expect(languages[0]).toEqual({ item: 'EN', label: 'English' });
    expect(languages).toContainEqual({ item: 'DE', label: 'Deutsch' });
  });

  it('refuses bad values with 400 naming the field, and keeps what was stored', async () => {
    const cases: [unknown, string][] = [
      [{ dateFormat: 'yyyy/MM/dd' }, 'dateFormat: Date format is invalid'],
      [{ fontSize: 100 }, 'fontSize: '],
      [{ email: 'not-mail' }, 'email: Email is invalid'],
      [
        { alarmEmailExportAddresses: ['ok@example.com', 'bad'] },
        'alarmEmailExportAddresses.1: Email is invalid',
      ],
      [{ dashboardsSettings: { sortMode: 'NAME' } }, 'dashboardsSettings.sortDirection: '],
      [{ language: { code: 'XX', label: 'Nowhere' } }, 'language.code: Language is not one of the product'],
      [{ language: { code: '', label: '' } }, 'language.code: Language is required'],
      [
        { enableAlarmEmailExport: true, alarmEmailExportAddresses: [] },
        'alarmEmailExportAddresses: Alarm export addresses are required',
      ],
    ];
    for (const [payload, message] of cases) {
      expectValidationFailed(await update(payload), message);
    }
    expect((await read()).json().themeSize).toBe('LARGE');
  });

  it('keeps settings that SPEC §6 gates by a grant out of reach without it', async () => {
    // The operator has no APPLY_ACL or RND grant.
    for (const [payload, field] of [
      [{ defaultPcNumber: 50 }, 'defaultPcNumber'],
      [{ pcNumbers: [1, 50] }, 'pcNumbers'],
      [{ minBufferInterval: 1 }, 'minBufferInterval'],
      [{ enableRealTimeCommunication: true }, 'enableRealTimeCommunication'],
      [{ enableFactorySettingsLines: true }, 'enableFactorySettingsLines'],
    ] as const) {
      const response = await update(payload);
      expect(response.statusCode, field).toBe(403);
      expect(response.json()).toMatchObject({ code: 'SETTING_NOT_ALLOWED' });
      expect(response.json().message).toMatch(new RegExp(`^${field}: `));
    }
    const stored = (await read()).json();
    expect(stored).toMatchObject({
      defaultPcNumber: 1,
      pcNumbers: [1],
      minBufferInterval: 288,
      enableRealTimeCommunication: false,
      enableFactorySettingsLines: false,
    });
    // Sending the whole settings back unchanged (as the settings dialog does) is not a change.
    expect((await update(stored)).statusCode).toBe(200);
  });

  it('lets a user with APPLY_ACL and RND at WRITE set them, any PC number from 1 to 99', async () => {
    const admin = await tokenOf(ctx.app, 'admin', 'Admin123', 'acme');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/account/settings',
      headers: { host: hostOf('acme'), authorization: `Bearer ${admin}` },
      payload: {
        defaultPcNumber: 99,
        pcNumbers: [1, 99],
        minBufferInterval: 60,
        enableRealTimeCommunication: true,
        enableFactorySettingsLines: true,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ defaultPcNumber: 99, enableRealTimeCommunication: true });
  });

  it('turns two-factor on only through its setup, and shows whether it is on', async () => {
    const on = await update({ use2FA: true });
    expect(on.statusCode).toBe(400);
    expect(on.json()).toMatchObject({ code: 'TWO_FACTOR_SETUP_REQUIRED' });
    expect(on.json().message).toMatch(/^use2FA: /);
    expect((await read()).json().use2FA).toBe(false);

    const signedIn = await login(
      ctx.app,
      { username: 'secure', password: 'Secure123', type: 'DOMAIN_MFA', mfaCode: await demoTotpAt(ctx.clock) },
      'acme',
    );
    const secure = await ctx.app.inject({
      url: '/api/v2/account/settings',
      headers: { host: hostOf('acme'), authorization: `Bearer ${signedIn.json().token.id}` },
    });
    expect(secure.json().use2FA).toBe(true);
  });

  it('needs a sign-in', async () => {
    const response = await ctx.app.inject({
      url: '/api/v2/account/settings',
      headers: { host: hostOf('acme') },
    });
    expect(response.statusCode).toBe(401);
  });
});
