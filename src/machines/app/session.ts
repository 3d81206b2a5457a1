import * as v from 'valibot';
import { Session } from '#contracts';

/**
 * Rebuilds the session kept in local storage. Sessions written by older releases lack the authority
 * `type`; it means READ. A session without its api token is useless, so both must be present.
 */
export function restoreSession(stored: unknown, apiToken: string | null): Session | null {
  if (!apiToken || typeof stored !== 'object' || stored === null) return null;
  const raw = stored as { token?: { authorities?: unknown } };
  const authorities = Array.isArray(raw.token?.authorities)
    ? raw.token.authorities.map((authority: unknown) =>
        typeof authority === 'object' && authority !== null && !('type' in authority)
          ? { ...authority, type: 'READ' }
          : authority,
      )
    : raw.token?.authorities;
  const parsed = v.safeParse(Session, { ...raw, token: { ...raw.token, authorities } });
  if (!parsed.success) return null;
  return { ...parsed.output, token: { ...parsed.output.token, id: apiToken } };
}
