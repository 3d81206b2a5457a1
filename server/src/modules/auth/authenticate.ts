import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SWITCH_ERROR_STATUS, SWITCH_ERRORS, hasGrant, type GrantArea, type GrantLevel } from '#contracts';
import { AppError, forbidden, unauthorized } from '../../errors';
import type { AuthService, AuthSession } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by app.authenticate; null on routes that do not require a sign-in. */
    session: AuthSession | null;
  }
  interface FastifyInstance {
    /** Hook (onRequest, so nothing is parsed for strangers): 401 unless the request carries a live token of this host's tenant. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * The bearer token of a request: the Authorization header, or the `Authorization` query parameter that
 * browsers must use for WebSocket connections (they cannot set headers there).
 */
export function bearerToken(request: FastifyRequest): string | null {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const raw =
    request.headers.authorization ?? (typeof query.Authorization === 'string' ? query.Authorization : '');
  const token = raw.replace(/^Bearer\s+/i, '').trim();
  return token === '' ? null : token;
}

export function registerAuthentication(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('session', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const session = token ? await auth.authenticate(request.tenant, token) : null;
    if (!session) throw unauthorized();
    request.session = session;
  });
}

/** Hook (after app.authenticate): 403 unless the session holds `area` at `level` or above. */
export const requireGrant =
  (area: GrantArea, level: GrantLevel) =>
  async (request: FastifyRequest): Promise<void> => {
    if (!request.session || !hasGrant(request.session.authorities, area, level)) {
      throw forbidden(`This needs the ${area} grant at ${level} level`);
    }
  };

/**
 * Hook (a route's onRequest, after app.authenticate): 403 NOT_WHILE_SWITCHED while an administrator acts as another
 * user (switch account). What decides who may do what in the tenant (user administration; the tenant's alarm and
 * report policies) is done as oneself, so acting as someone else can neither lock the administrator out nor hide
 * who changed it.
 */
export async function refuseWhileActingAs(request: FastifyRequest): Promise<void> {
  if (request.session?.sourceUserId) {
    throw new AppError(
      SWITCH_ERROR_STATUS.NOT_WHILE_SWITCHED,
      'NOT_WHILE_SWITCHED',
      SWITCH_ERRORS.NOT_WHILE_SWITCHED,
    );
  }
}
