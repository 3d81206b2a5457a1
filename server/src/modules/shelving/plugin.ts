import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { createAlarmsRepository } from '../alarms/repository';
import { createTranslations } from '../alarms/translations';
import { ESCALATION_POLL_MS } from '../escalation/plugin';
import { createShelvingRepository } from './repository';
import { shelvingRoutes } from './routes';
import { createShelvingService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    shelving: {
      /** Ends the shelvings that ran out now (tests drive it with their clock); answers how many. */
      expire(): Promise<number>;
    };
  }
}

/** ISA-18.2 shelving (after app.alarms and app.escalation): its routes and the ending of shelvings that ran out. */
export async function registerShelving(
  app: FastifyInstance,
  options: { db: Database; clock: Clock; ready: () => boolean; pollMs?: number | undefined },
): Promise<void> {
  const shelving = createShelvingService({
    repository: createShelvingRepository(options.db),
    alarms: createAlarmsRepository(options.db),
    policies: app.escalation.policies,
    translations: createTranslations(),
    changeAlarms: (tenantId, hexacode, work) => app.alarms.changeAlarms(tenantId, hexacode, work),
    clock: options.clock,
  });
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (!options.ready()) return;
    running = running
      .then(() => shelving.expire())
      .catch((error: unknown) => app.log.error({ err: error }, 'shelving: ending shelvings failed'));
  }, options.pollMs ?? ESCALATION_POLL_MS);
  timer.unref();
  app.decorate('shelving', { expire: () => shelving.expire() });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
  await app.register(shelvingRoutes, { shelving });
}
