import * as v from 'valibot';
import { HTTPError, type KyInstance } from 'ky';
import {
  RECOVERY_ERRORS,
  RecoveryRequestQuery,
  RecoveryTokenInfo,
  RecoveryTokenQuery,
  type PasswordReset,
} from '#contracts';
import { errorBodyOf, failingAs } from './failures';
import { retryAfterMinutes } from './helpers';

/** The fields of the new-password form the server can name in a VALIDATION_FAILED answer. */
export type PasswordResetField = 'password' | 'confirmation';

/** Why a recovery call failed; the machines turn it into the message SPEC §8 asks for. */
export type RecoveryFailure =
  | { kind: 'tokenInvalid' }
  | { kind: 'invalidField'; field: PasswordResetField; message: string }
  /** Too many requests from this network (429): to wait `minutes` (from Retry-After; 0 when it did not say). */
  | { kind: 'throttled'; minutes: number }
  | { kind: 'unavailable' };

/** SPEC §7's PUT, GET and POST of /api/v2/account/recover-password. */
export interface PasswordRecoveryApi {
  /**
   * Asks for a recovery e-mail; the server answers the same whether an account has the address or not. Rejects
   * with a RecoveryFailure (`throttled` when this network asked too often).
   */
  requestPasswordRecovery(email: string): Promise<void>;
  /** What a token is for and whose it is; rejects with a RecoveryFailure. */
  checkRecoveryToken(token: string): Promise<RecoveryTokenInfo>;
  /** Sets the new password with a token; rejects with a RecoveryFailure. */
  resetPassword(token: string, body: PasswordReset): Promise<void>;
}

const PATH = 'v2/account/recover-password';
const TOKEN_CODES: readonly string[] = Object.keys(RECOVERY_ERRORS);
/** The server's VALIDATION_FAILED message names the field first: "password: Password is required". */
const NAMED_FIELD = /^(password|confirmation|token): (.+)$/s;

async function toRecoveryFailure(error: unknown): Promise<RecoveryFailure> {
  if (error instanceof HTTPError && error.response.status === 429)
    return { kind: 'throttled', minutes: retryAfterMinutes(error.response.headers.get('Retry-After')) };
  if (!(error instanceof HTTPError) || error.response.status !== 400) return { kind: 'unavailable' };
  const body = await errorBodyOf(error.response);
  if (!body) return { kind: 'unavailable' };
  if (TOKEN_CODES.includes(body.code)) return { kind: 'tokenInvalid' };
  const named = NAMED_FIELD.exec(body.message);
  if (body.code !== 'VALIDATION_FAILED' || !named) return { kind: 'unavailable' };
  // A token the server cannot even read is as dead as an expired one.
  if (named[1] === 'token') return { kind: 'tokenInvalid' };
  return { kind: 'invalidField', field: named[1] as PasswordResetField, message: named[2]! };
}

const failing = failingAs(toRecoveryFailure);

/** The token query, or a tokenInvalid failure for a link that carries none worth sending. */
function tokenQuery(token: string): URLSearchParams {
  const parsed = v.safeParse(RecoveryTokenQuery, { token });
  if (!parsed.success) throw { kind: 'tokenInvalid' } satisfies RecoveryFailure;
  return new URLSearchParams(parsed.output);
}

export function createPasswordRecoveryApi(http: KyInstance): PasswordRecoveryApi {
  return {
    async requestPasswordRecovery(email) {
      const query = v.parse(RecoveryRequestQuery, { email });
      await failing(() => http.put(PATH, { searchParams: new URLSearchParams(query) }));
    },
    async checkRecoveryToken(token) {
      const searchParams = tokenQuery(token);
      return failing(async () => v.parse(RecoveryTokenInfo, await http.get(PATH, { searchParams }).json()));
    },
    async resetPassword(token, body) {
      const searchParams = tokenQuery(token);
      await failing(() => http.post(PATH, { searchParams, json: body }));
    },
  };
}
