import { preferencesOf, type UserPreferences } from '../../src/machines/userPreferences';
import {
  DEFAULT_ACCOUNT_SETTINGS,
  type AccountSettings,
  type GrantArea,
  type GrantLevel,
  type Session,
} from '#contracts';

/** A session holding `grants` (each at WRITE unless given as [area, level]). */
export const sessionWith = (...grants: (GrantArea | [GrantArea, GrantLevel])[]): Session => ({
  token: {
    id: 'token-test',
    source: null,
    authorities: grants.map((grant) => {
      const [area, type] = typeof grant === 'string' ? [grant, 'WRITE' as const] : grant;
      return { authority: `GRANT_${area}`, type, domain: 'demo' };
    }),
  },
  metadata: { username: 'tester', languageCode: 'en', vapidSubscription: null },
});

/** The zone the buffer tests write dates in (never the machine's). */
export const BUFFER_ZONE = 'Europe/Copenhagen';

/** PC numbers 1 and 3 of their own, default 1, buffers every 300 s at the shortest. */
export const bufferSettings: AccountSettings = {
  ...DEFAULT_ACCOUNT_SETTINGS,
  pcNumbers: [1, 3],
  defaultPcNumber: 1,
  minBufferInterval: 300,
};

const preferencesWith = (...grants: GrantArea[]): UserPreferences =>
  preferencesOf(sessionWith(...grants), bufferSettings, BUFFER_ZONE);

/** May read the buffers of PC numbers 1 and 3, and create none. */
export const operatorPreferences = preferencesWith();
/** Any PC number, and buffers asked of the dashboard save. */
export const adminPreferences = preferencesWith('APPLY_ACL', 'BUFFERS');
/** Their own PC numbers only, but buffers. */
export const builderPreferences = preferencesWith('BUFFERS');
