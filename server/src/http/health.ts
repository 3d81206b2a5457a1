import type { FastifyInstance } from 'fastify';

/**
 * Whether the database is migrated and seeded. main.ts listens before that work so that orchestrators see an
 * honest 503 (alive, not ready) instead of a refused connection during a long migration.
 */
export interface Readiness {
  isReady(): boolean;
  markReady(): void;
  /** Names what the start does now ("migrating", …): the probes' 503 says it, so a start that hangs shows where. */
  step(name: string): void;
  /** The step named last, until ready. */
  currentStep(): string | undefined;
}

export function createReadiness(ready = false): Readiness {
  let state = ready;
  let step: string | undefined;
  return {
    isReady: () => state,
    markReady: () => {
      state = true;
      step = undefined;
    },
    step: (name) => void (step = name),
    currentStep: () => step,
  };
}

/** Answered while the server starts, and never held back by it. */
const PROBES = new Set(['/healthz', '/livez', '/readyz', '/metrics']);

/** A database that takes longer than this to answer `select 1` counts as down for readiness. */
const PING_TIMEOUT_MS = 2_000;

export interface HealthOptions {
  /** Fields that describe without deciding the status (the gateway's MQTT connection). */
  details?: () => Record<string, unknown>;
  /** One round trip to the database; rejects when it cannot answer. */
  ping?: () => Promise<unknown>;
}

async function databaseAnswers(ping: HealthOptions['ping']): Promise<boolean> {
  if (!ping) return true;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS)));
  try {
    return await Promise.race([ping().then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Three probes. `/livez`: the process answers (restart it when it does not). `/readyz`: started and the database
 * answers now (send it traffic; a PostgreSQL outage takes the instance out of the balancer until the pool
 * reconnects, without a restart). `/healthz`: started, for the SPA and older checks. A broker outage decides
 * none of them: the API still answers from the database, and the gateway reconnects on its own.
 */
export function registerHealth(
  app: FastifyInstance,
  readiness: Readiness,
  options: HealthOptions = {},
): void {
  const details = options.details ?? (() => ({}));
  const probe = { schema: { hide: true }, logLevel: 'warn' as const };
  app.get('/livez', probe, async () => ({ status: 'ok' }));
  const starting = () => ({ status: 'starting', step: readiness.currentStep(), ...details() });
  app.get('/healthz', probe, async (_request, reply) =>
    readiness.isReady() ? { status: 'ok', ...details() } : reply.code(503).send(starting()),
  );
  app.get('/readyz', probe, async (_request, reply) => {
    if (!readiness.isReady()) return reply.code(503).send(starting());
    if (!(await databaseAnswers(options.ping)))
      return reply.code(503).send({ status: 'database unavailable', ...details() });
    return { status: 'ok', ...details() };
  });
  // Until the schema exists every other route would fail on its first query: say "starting" instead of a 500.
  app.addHook('onRequest', async (request, reply) => {
    if (readiness.isReady() || PROBES.has(request.url)) return;
    return reply.code(503).header('Retry-After', '5').send({
      statusCode: 503,
      code: 'STARTING',
      error: 'Service Unavailable',
      message: 'The server is starting',
    });
  });
}
