import * as v from 'valibot';
import { HTTPError, type KyInstance } from 'ky';
import { SUPPORT_PATHS, SupportReceipt, type SupportKind, type SupportRequest } from '#contracts';

/** Why a bug report or feature request was not sent; the machine turns it into SPEC §8's message. */
export type SupportFailure = { kind: 'limitReached' } | { kind: 'unavailable' };

/** SPEC §7's POST /api/v2/support/bug-report and /feature-request. */
export interface SupportApi {
  /** Sends a request; rejects with a SupportFailure. */
  sendSupportRequest(
    kind: SupportKind,
    request: SupportRequest,
    sendMeACopy: boolean,
  ): Promise<SupportReceipt>;
}

export function createSupportApi(http: KyInstance): SupportApi {
  return {
    async sendSupportRequest(kind, request, sendMeACopy) {
      try {
        const answer = await http
          .post(SUPPORT_PATHS[kind], { json: request, searchParams: { sendMeACopy: String(sendMeACopy) } })
          .json();
        return v.parse(SupportReceipt, answer);
      } catch (error) {
        const limited = error instanceof HTTPError && error.response.status === 429;
        throw (limited ? { kind: 'limitReached' } : { kind: 'unavailable' }) satisfies SupportFailure;
      }
    },
  };
}
