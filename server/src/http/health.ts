import type { FastifyInstance } from 'fastify';

/**
 * Whether the database is migrated and seeded. main.ts listens before that work so that orchestrators see an
 * honest 503 (alive, not ready) instead of a refused connection during a long migration.
 */
export interface Readiness {
  isReady(): boolean;
  markReady(): void;
}

export function createReadiness(ready = false): Readiness {
  let state = ready;
  return { isReady: () => state, markReady: () => void (state = true) };
}

export function registerHealth(app: FastifyInstance, readiness: Readiness): void {
  app.get('/healthz', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) =>
    readiness.isReady() ? { status: 'ok' } : reply.code(503).send({ status: 'starting' }),
  );
  // Until the schema exists every other route would fail on its first query: say "starting" instead of a 500.
  app.addHook('onRequest', async (request, reply) => {
    if (readiness.isReady() || request.url === '/healthz') return;
    return reply.code(503).header('Retry-After', '5').send({
      statusCode: 503,
      code: 'STARTING',
      error: 'Service Unavailable',
      message: 'The server is starting',
    });
  });
}
