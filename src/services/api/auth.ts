import * as v from 'valibot';
import { HTTPError, type KyInstance } from 'ky';
import {
  AccountSettings,
  LOCKED_MESSAGE_HEADER,
  MfaRequired,
  Session,
  Theme,
  type LoginRequest,
} from '#contracts';
import { errorBodyOf } from './failures';
import { retryAfterMinutes } from './helpers';

/** What a login attempt can end in, besides a transport failure. */
export type LoginOutcome = { kind: 'session'; session: Session } | { kind: 'mfaRequired' };

/**
 * Why a login attempt was refused; the login machine turns it into the message SPEC §8 asks for. `throttled`: too
 * many attempts from this network (429), to wait `minutes` (from Retry-After; 0 when it did not say).
 */
export type LoginFailure =
  | { kind: 'invalidCredentials' }
  | { kind: 'locked'; message: string }
  | { kind: 'throttled'; minutes: number }
  /** The password was right, but an administrator disabled the account. */
  | { kind: 'disabled' }
  | { kind: 'unavailable' };

const BuildInfo = v.object({ buildId: v.string() });

/** Signing in and out, and what the SPA needs about the account and the deployment. */
export interface AuthApi {
  login(request: LoginRequest): Promise<LoginOutcome>;
  logout(): Promise<void>;
  fetchTheme(): Promise<Theme>;
  fetchAccountSettings(): Promise<AccountSettings>;
  /** The build id of the deployed SPA (dist/version.json, outside /api). */
  fetchBuildId(): Promise<string>;
}

async function toLoginFailure(error: unknown): Promise<LoginFailure> {
  if (!(error instanceof HTTPError)) return { kind: 'unavailable' };
  const { status, headers } = error.response;
  if (status === 401) return { kind: 'invalidCredentials' };
  if (status === 423) return { kind: 'locked', message: headers.get(LOCKED_MESSAGE_HEADER) ?? '' };
  if (status === 429) return { kind: 'throttled', minutes: retryAfterMinutes(headers.get('Retry-After')) };
  const body = await errorBodyOf(error.response);
  if (status === 403 && body?.code === 'ACCOUNT_DISABLED') return { kind: 'disabled' };
  return { kind: 'unavailable' };
}

export function createAuthApi(http: KyInstance, versionUrl: string): AuthApi {
  return {
    async login(request) {
      try {
        const response = await http.post('login', { json: request });
        const body: unknown = await response.json();
        if (response.status === 202) {
          v.parse(MfaRequired, body);
          return { kind: 'mfaRequired' };
        }
        return { kind: 'session', session: v.parse(Session, body) };
      } catch (error) {
        throw await toLoginFailure(error);
      }
    },
    async logout() {
      await http.post('logout');
    },
    fetchTheme: async () => v.parse(Theme, await http.get('themes').json()),
    fetchAccountSettings: async () => v.parse(AccountSettings, await http.get('v2/account/settings').json()),
    async fetchBuildId() {
      // Outside the API prefix and never cached: the whole point is to see a newer deployment.
      const body = await http.get(versionUrl, { prefixUrl: '', cache: 'no-store' }).json();
      return v.parse(BuildInfo, body).buildId;
    },
  };
}
