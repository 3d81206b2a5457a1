import * as v from 'valibot';
import type { KyInstance } from 'ky';
import { AccountSettings } from '#contracts';
import { ThemeSettings } from '#contracts/themeSettings';

/** SPEC §7's POST /api/v2/account/settings/theme. */
export interface ThemeSettingsApi {
  /** Saves the theme font and size; resolves with the account's settings as the server now holds them. */
  saveThemeSettings(theme: ThemeSettings): Promise<AccountSettings>;
}

export function createThemeSettingsApi(http: KyInstance): ThemeSettingsApi {
  return {
    async saveThemeSettings(theme) {
      const json = v.parse(ThemeSettings, theme);
      return v.parse(AccountSettings, await http.post('v2/account/settings/theme', { json }).json());
    },
  };
}
