import * as v from 'valibot';
import { HTTPError, type KyInstance } from 'ky';
import {
  LOCKED_MESSAGE_HEADER,
  TwoFactorCodeQuery,
  TwoFactorSetupKey,
  TwoFactorVerifyBody,
} from '#contracts';
import { errorBodyOf } from './failures';
import { retryAfterMinutes } from './helpers';

/** Why a code was not accepted; the setup machine turns it into the message SPEC §8 asks for. */
export type TwoFactorFailure =
  | { kind: 'codeInvalid' }
  /** Too many wrong codes: the server's own text says until when (the Locked-Message header). */
  | { kind: 'locked'; message: string }
  /** Too many codes from this network (429): to wait `minutes` (from Retry-After; 0 when it did not say). */
  | { kind: 'throttled'; minutes: number }
  | { kind: 'unavailable' };

/** SPEC §7's GET /api/v2/account/settings/2fa and POST /api/v2/account/verify-2fa. */
export interface TwoFactorApi {
  /** Starts a setup: a new secret for the signed-in user and its QR code. */
  fetchTwoFactorSetup(): Promise<TwoFactorSetupKey>;
  /**
   * Confirms the secret with a code of it, which turns two-factor on (linking `email` when the account has
   * none); rejects with a TwoFactorFailure.
   */
  verifyTwoFactorCode(secret: string, code: string, email: string | null): Promise<void>;
}

async function toTwoFactorFailure(error: unknown): Promise<TwoFactorFailure> {
  if (!(error instanceof HTTPError)) return { kind: 'unavailable' };
  const { status, headers } = error.response;
  if (status === 423) return { kind: 'locked', message: headers.get(LOCKED_MESSAGE_HEADER) ?? '' };
  if (status === 429) return { kind: 'throttled', minutes: retryAfterMinutes(headers.get('Retry-After')) };
  const body = await errorBodyOf(error.response);
  return body?.code === 'TWO_FACTOR_CODE_INVALID' ? { kind: 'codeInvalid' } : { kind: 'unavailable' };
}

export function createTwoFactorApi(http: KyInstance): TwoFactorApi {
  return {
    fetchTwoFactorSetup: async () =>
      v.parse(TwoFactorSetupKey, await http.get('v2/account/settings/2fa').json()),
    async verifyTwoFactorCode(secret, code, email) {
      const searchParams = new URLSearchParams(v.parse(TwoFactorCodeQuery, { code }));
      const json = v.parse(TwoFactorVerifyBody, { secret, email });
      try {
        await http.post('v2/account/verify-2fa', { searchParams, json });
      } catch (error) {
        throw await toTwoFactorFailure(error);
      }
    },
  };
}
