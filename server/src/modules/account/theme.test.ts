import { beforeAll, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_SETTINGS, THEME_FONTS, THEME_SIZES } from '#contracts';
import { describeEachBackend } from '../../testing/backends';
import { hostOf, tokenOf, useTestApp } from '../../testing/app';

describeEachBackend('theme settings', (backend) => {
  const ctx = useTestApp(backend);
  let operator = '';
  let admin = '';
  beforeAll(async () => {
    operator = await tokenOf(ctx.app, 'operator', 'Operator123', 'acme');
    admin = await tokenOf(ctx.app, 'admin', 'Admin123', 'acme');
  });
  const headers = (token: string) => ({ host: hostOf('acme'), authorization: `Bearer ${token}` });
  const save = (payload: unknown, token = operator) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v2/account/settings/theme',
      // A string is sent as it is, as JSON: the malformed-body cases.
      headers: { ...headers(token), 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const read = (token = operator) =>
    ctx.app.inject({ url: '/api/v2/account/settings', headers: headers(token) });

  it('saves font and size and answers the full settings, kept for the next read', async () => {
    const response = await save({ themeFont: 'MERRIWEATHER', themeSize: 'LARGE' });
    expect(response.statusCode).toBe(200);
    const expected = { ...DEFAULT_ACCOUNT_SETTINGS, themeFont: 'MERRIWEATHER', themeSize: 'LARGE' };
    expect(response.json()).toEqual(expected);
    expect((await read()).json()).toEqual(expected);
  });

  it('accepts every font and size of SPEC §3', async () => {
    for (const [index, themeFont] of THEME_FONTS.entries()) {
      const themeSize = THEME_SIZES[index % THEME_SIZES.length]!;
      const response = await save({ themeFont, themeSize });
      expect(response.statusCode, themeFont).toBe(200);
      expect(response.json()).toMatchObject({ themeFont, themeSize });
    }
  });

  it('changes nothing but the theme, whatever else the body carries', async () => {
    const response = await save({
      themeFont: 'LATO',
      themeSize: 'SMALL',
      language: { code: 'FR', label: 'Français' },
      defaultPcNumber: 50,
      use2FA: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...DEFAULT_ACCOUNT_SETTINGS, themeFont: 'LATO', themeSize: 'SMALL' });
  });

  it('is each user’s own: another account keeps its theme', async () => {
    await save({ themeFont: 'OSWALD', themeSize: 'EXTRA_SMALL' }, admin);
    expect((await read(admin)).json()).toMatchObject({ themeFont: 'OSWALD', themeSize: 'EXTRA_SMALL' });
    expect((await read()).json()).toMatchObject({ themeFont: 'LATO', themeSize: 'SMALL' });
  });

  it('refuses a missing or unknown font or size with 400 naming the field, and keeps what was stored', async () => {
    const cases: [unknown, string][] = [
      [{ themeSize: 'LARGE' }, 'themeFont: '],
      [{ themeFont: 'ROBOTO' }, 'themeSize: '],
      [{ themeFont: 'COMIC_SANS', themeSize: 'LARGE' }, 'themeFont: Font is required'],
      [{ themeFont: 'ROBOTO', themeSize: 'HUGE' }, 'themeSize: Size is required'],
      [{ themeFont: 'roboto', themeSize: 'normal' }, 'themeFont: Font is required'],
      [{ themeFont: 7, themeSize: null }, 'themeFont: '],
      [{ themeFont: '', themeSize: '' }, 'themeFont: Font is required'],
      [{}, 'themeFont: '],
    ];
    for (const [payload, message] of cases) {
      const response = await save(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
      expect(response.json().message).toContain(message);
    }
    expect((await read()).json()).toMatchObject({ themeFont: 'LATO', themeSize: 'SMALL' });
  });

  it('answers a body that is not a theme at all with 400, never 500', async () => {
    for (const payload of ['', 'null', '[]', '"MERRIWEATHER"', '{"themeFont":', '{"themeFont":"LATO"}{}']) {
      const response = await save(payload);
      expect(response.statusCode, payload).toBe(400);
    }
    expect((await read()).json()).toMatchObject({ themeFont: 'LATO', themeSize: 'SMALL' });
  });

  it('needs a sign-in', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/account/settings/theme',
      headers: { host: hostOf('acme') },
      payload: { themeFont: 'LATO', themeSize: 'SMALL' },
    });
    expect(response.statusCode).toBe(401);
  });
});
