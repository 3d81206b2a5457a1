import * as v from 'valibot';
import { HTTPError } from 'ky';
import { ErrorBody } from '#contracts';

/** The coded error body of a refused call, or null when the answer carries none (a proxy's page, no body). */
export async function errorBodyOf(response: Response): Promise<ErrorBody | null> {
  const body = v.safeParse(ErrorBody, await response.json().catch(() => null));
  return body.success ? body.output : null;
}

/**
 * A rejection as a rule of the server that refused the call, named by one of its contract's `codes` (SWITCH_ERRORS,
 * USER_ERRORS…); any other failure has no usable answer.
 */
export async function refusalOf<C extends string>(
  error: unknown,
  codes: Readonly<Record<C, string>>,
): Promise<{ kind: 'refused'; code: C } | { kind: 'unavailable' }> {
  if (!(error instanceof HTTPError)) return { kind: 'unavailable' };
  const body = await errorBodyOf(error.response);
  return body && Object.hasOwn(codes, body.code)
    ? { kind: 'refused', code: body.code as C }
    : { kind: 'unavailable' };
}

/**
 * Runs calls of one API so that each rejects with the API's own failure (what `toFailure` makes of the error), the
 * only rejection its machines read.
 */
export const failingAs =
  <F>(toFailure: (error: unknown) => Promise<F>) =>
  async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw await toFailure(error);
    }
  };
