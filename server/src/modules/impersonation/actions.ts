import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock';
import type { ImpersonationRepository } from './repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether a call of this route may change something, which is recorded when it is made while switched (see
     * recordActionsWhileSwitched). Unset: every method but GET and HEAD may; set it on a GET that changes something
     * and on a POST that only reads.
     */
    changesState?: boolean;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

const changesState = (request: FastifyRequest) =>
  request.routeOptions.config.changesState ?? !READS.has(request.method);

/** The URL without its query: ids are in the path, while a query may carry a secret (a token, an address). */
const pathOf = (url: string) => url.split('?')[0]!;

/**
 * What an administrator does while acting as another user is written down under the switch's record (issue 25):
 * every call of the switched session that may change something, before its handler runs, then its status as it
 * is answered. A call refused before its handler (a guard, bad input) is written as it is answered, so an attempt
 * is on record too. Registered before the routes, so every route gets the hooks.
 */
export function recordActionsWhileSwitched(
  app: FastifyInstance,
  repository: Pick<ImpersonationRepository, 'recordAction' | 'finishAction'>,
  clock: Clock,
): void {
  const written = new WeakMap<FastifyRequest, number>();
  const switched = (request: FastifyRequest) => (request.session?.sourceUserId ? request.session : null);
  const record = (request: FastifyRequest, statusCode: number | null) => {
    const session = switched(request)!;
    return repository.recordAction({
      tenantId: session.tenant.id,
      sessionTokenHash: session.tokenHash,
      method: request.method,
      path: pathOf(request.url),
      statusCode,
      at: clock.now(),
    });
  };

  app.addHook('preHandler', async (request) => {
    if (!switched(request) || !changesState(request)) return;
    const id = await record(request, null);
    if (id !== null) written.set(request, id);
  });
  // Before the answer goes out (onSend, not onResponse), so whoever reads the record after it sees the status.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!switched(request) || !changesState(request)) return payload;
    const id = written.get(request);
    try {
      if (id === undefined) await record(request, reply.statusCode);
      else await repository.finishAction(id, reply.statusCode);
    } catch (error) {
      request.log.error({ err: error }, 'impersonation: an action could not be recorded');
    }
    return payload;
  });
}
