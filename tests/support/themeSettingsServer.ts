import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect, vi } from 'vitest';
import { AccountSettings, DEFAULT_ACCOUNT_SETTINGS, ErrorBody } from '#contracts';
import { ThemeSettings } from '#contracts/themeSettings';
import { server } from '../ui/setup';

/**
 * The account's settings behind the app, for the theme dialog's path tests: GET /api/v2/account/settings answers
 * what is stored; each POST /api/v2/account/settings/theme is parsed by its contract, recorded and held until the
 * path answers it (accepted: stored, and the full settings answered; failed: a 500).
 */
export function themeSettingsServer(initial: AccountSettings = DEFAULT_ACCOUNT_SETTINGS) {
  let stored = initial;
  const saves: ThemeSettings[] = [];
  const waiting: ((response: Response) => void)[] = [];
  server.use(
    http.get('*/api/v2/account/settings', () => HttpResponse.json(v.parse(AccountSettings, stored))),
    http.post('*/api/v2/account/settings/theme', async ({ request }) => {
      saves.push(v.parse(ThemeSettings, await request.json()));
      return new Promise<Response>((resolve) => waiting.push(resolve));
    }),
  );
  const answer = async (response: () => Response) => {
    await vi.waitFor(() => expect(waiting.length, 'a save waits for its answer').toBeGreaterThan(0));
    waiting.shift()!(response());
  };
  return {
    saves,
    waiting: () => waiting.length > 0,
    /** The settings as the server holds them now. */
    stored: () => stored,
    accept: () =>
      answer(() => {
        stored = { ...stored, ...saves.at(-1)! };
        return HttpResponse.json(v.parse(AccountSettings, stored));
      }),
    fail: () =>
      answer(() =>
        HttpResponse.json(
          v.parse(ErrorBody, { statusCode: 500, code: 'INTERNAL', error: 'INTERNAL', message: 'Failed' }),
          { status: 500 },
        ),
      ),
  };
}
export type ThemeSettingsServer = ReturnType<typeof themeSettingsServer>;
