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

/**
 * `details` adds fields that describe, without deciding the status (the gateway's MQTT connection: a broker outage
 * must not take every instance out of the load balancer, the API still answers from the database).
 */
export function registerHealth(
  app: FastifyInstance,
  readiness: Readiness,
  details: () => Record<string, unknown> = () => ({}),
): void {
  app.get('/healthz', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) =>
    readiness.isReady()
      ? { status: 'ok', ...details() }
      : reply.code(503).send({ status: 'starting', ...details() }),
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
