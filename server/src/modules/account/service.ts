import * as v from 'valibot';
import {
  AccountSettings,
  DEFAULT_ACCOUNT_SETTINGS,
  type AccountSettingsUpdate,
} from '../../../../src/services/contracts';
import { notFound } from '../../errors';
import { validationFailed } from '../../http/contracts';
import type { AccountRepository, StoredAccount } from './repository';

/**
 * Stored settings hold only what the user changed, read over the current defaults. The e-mail address lives on
 * the user row (sign-in, recovery and alarm mail use it too) and is shown here as the settings' email.
 */
function settingsOf(stored: StoredAccount): AccountSettings {
  return { ...DEFAULT_ACCOUNT_SETTINGS, ...stored.settings, email: stored.email };
}

export function createAccountService(repository: AccountRepository) {
  async function load(tenantId: string, userId: string): Promise<StoredAccount> {
    const stored = await repository.find(tenantId, userId);
    if (!stored) throw notFound('USER_NOT_FOUND', 'Your account no longer exists');
    return stored;
  }

  return {
    async get(tenantId: string, userId: string): Promise<AccountSettings> {
      return settingsOf(await load(tenantId, userId));
    },

    /** Merges a partial update over the current settings and accepts it only if the whole stays valid. */
    async update(tenantId: string, userId: string, update: AccountSettingsUpdate): Promise<AccountSettings> {
      const merged = v.safeParse(AccountSettings, { ...settingsOf(await load(tenantId, userId)), ...update });
      if (!merged.success) throw validationFailed(merged.issues[0]);
      const { email, ...settings } = merged.output;
      await repository.save(tenantId, userId, {
        settings,
        email,
        // The session's languageCode comes from here, so the next sign-in speaks the chosen language.
        languageCode: settings.language.code,
      });
      return merged.output;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
