import * as v from 'valibot';
import {
  auditTarget,
  CheckedAccountSettings,
  DEFAULT_ACCOUNT_SETTINGS,
  type AccountSettings,
  type AccountSettingsUpdate,
} from '#contracts';
import type { ThemeSettings } from '#contracts/themeSettings';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AuthService } from '../auth/service';
import { notFound } from '../../errors';
import { validationFailed } from '../../http/contracts';
import { recordAudit } from '../audit/trail';
import type { AuthSession } from '../auth/service';
import { use2FAChange } from '../twoFactor/use2FA';
import type { AccountRepository, StoredAccount } from './repository';
import { checkSettingGrants } from './setting-grants';

/**
 * Stored settings hold only what the user changed, read over the current defaults. The e-mail address lives on
 * the user row (sign-in, recovery and alarm mail use it too) and is shown here as the settings' email.
 */
export function settingsOf(stored: StoredAccount): AccountSettings {
  return { ...DEFAULT_ACCOUNT_SETTINGS, ...stored.settings, email: stored.email, use2FA: stored.mfaEnabled };
}

/** The signed-in user's row is gone (deleted while the session was cached). */
export const accountNotFound = () => notFound('USER_NOT_FOUND', 'Your account no longer exists');

/** The personal settings that decide whether and where this user's alarms are told (the audit trail keeps them). */
const ALARM_SETTINGS = [
  'email',
  'enableAlarmEmailExport',
  'alarmEmailExportAddresses',
  'alarmBrowserNotifications',
  'alarmSound',
] as const;
const alarmSettingsOf = (settings: AccountSettings) =>
  Object.fromEntries(ALARM_SETTINGS.map((key) => [key, settings[key]]));

/**
 * `trail`: where a change of the alarm settings is put on record, and when; without it nothing is recorded.
 * `sessions`: told when a user's language changes, which their sessions carry (the server names lines in it).
 */
export function createAccountService(
  repository: AccountRepository,
  trail?: { db: Database; clock: Clock },
  sessions?: Pick<AuthService, 'userChanged'>,
) {
  async function load(tenantId: string, userId: string): Promise<StoredAccount> {
    const stored = await repository.find(tenantId, userId);
    if (!stored) throw accountNotFound();
    return stored;
  }

  return {
    async get(tenantId: string, userId: string): Promise<AccountSettings> {
      return settingsOf(await load(tenantId, userId));
    },

    /** Merges a partial update over the current settings and accepts it only if the whole stays valid. */
    async update(tenantId: string, userId: string, update: AccountSettingsUpdate): Promise<AccountSettings> {
      const current = await load(tenantId, userId);
      const merged = v.safeParse(CheckedAccountSettings, { ...settingsOf(current), ...update });
      if (!merged.success) throw validationFailed(merged.issues[0]);
      const { email, use2FA, ...settings } = merged.output;
      const twoFactor = use2FAChange(current, use2FA, email);
      await repository.save(tenantId, userId, {
        settings,
        email,
        // The session's languageCode comes from here, so the next sign-in speaks the chosen language.
        languageCode: settings.language.code,
        ...twoFactor,
      });
      return merged.output;
    },

    /** The user's own change through the settings dialog: the grants of SPEC §6 are checked first. */
    async change(session: AuthSession, update: AccountSettingsUpdate): Promise<AccountSettings> {
      const { tenant, user, authorities } = session;
      const current = settingsOf(await load(tenant.id, user.id));
      checkSettingGrants(authorities, current, update);
      const changed = await this.update(tenant.id, user.id, update);
      if (changed.language.code !== current.language.code) sessions?.userChanged(user.id);
      const [before, after] = [alarmSettingsOf(current), alarmSettingsOf(changed)];
      if (trail && JSON.stringify(before) !== JSON.stringify(after)) {
        await recordAudit(trail.db, {
          by: session,
          action: 'settings.alarms',
          target: auditTarget.alarmSettings(user.username),
          before,
          after,
          at: trail.clock.now(),
        });
      }
      return changed;
    },

    /** The theme dialog's save: font and size, which every user may choose (no grant of SPEC §6 gates them). */
    async saveTheme({ tenant, user }: AuthSession, theme: ThemeSettings): Promise<AccountSettings> {
      return this.update(tenant.id, user.id, theme);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
