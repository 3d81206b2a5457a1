import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { AccountSettings, DEFAULT_ACCOUNT_SETTINGS } from '#contracts';
import { ThemeSettings } from '#contracts/themeSettings';
import { server } from '../../ui/setup';
import { heldSaves } from './heldRequests';
import { unavailable } from './refusals';

/**
 * The account's settings behind the app, for the theme dialog's path tests: GET /api/v2/account/settings answers
 * what is stored; each POST /api/v2/account/settings/theme is parsed by its contract, recorded and held until the
 * path answers it (accepted: stored, and the full settings answered; failed: the server's 500).
 */
export function themeSettingsServer(initial: AccountSettings = DEFAULT_ACCOUNT_SETTINGS) {
  let stored = initial;
  const { saves, handler, waiting, answer } = heldSaves('*/api/v2/account/settings/theme', ThemeSettings);
  server.use(
    http.get('*/api/v2/account/settings', () => HttpResponse.json(v.parse(AccountSettings, stored))),
    handler,
  );
  return {
    saves,
    waiting,
    /** The settings as the server holds them now. */
    stored: () => stored,
    accept: () =>
      answer(() => {
        stored = { ...stored, ...saves.at(-1)! };
        return HttpResponse.json(v.parse(AccountSettings, stored));
      }),
    fail: () => answer(unavailable()),
  };
}
export type ThemeSettingsServer = ReturnType<typeof themeSettingsServer>;
