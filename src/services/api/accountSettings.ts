import * as v from 'valibot';
import type { KyInstance } from 'ky';
import { AccountSettings, LanguageChoices, type AccountSettingsUpdate } from '#contracts';

type LanguageChoice = v.InferOutput<typeof LanguageChoices>[number];

/** The account settings dialog's calls (SPEC §7); reading the settings is AuthApi's fetchAccountSettings. */
export interface AccountSettingsApi {
  /** GET /api/v2/account/settings/languages: the interface languages, each named in itself. */
  fetchLanguages(): Promise<LanguageChoice[]>;
  /** POST /api/v2/account/settings: answers the full settings as stored. */
  saveAccountSettings(update: AccountSettingsUpdate): Promise<AccountSettings>;
}

export function createAccountSettingsApi(http: KyInstance): AccountSettingsApi {
  return {
    fetchLanguages: async () =>
      v.parse(LanguageChoices, await http.get('v2/account/settings/languages').json()),
    saveAccountSettings: async (update) =>
      v.parse(AccountSettings, await http.post('v2/account/settings', { json: update }).json()),
  };
}
