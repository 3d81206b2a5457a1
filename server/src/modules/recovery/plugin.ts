import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { createRecoveryRepository } from './repository';
import { recoveryRoutes } from './routes';
import { createRecoveryService, type RecoveryService, type RecoveryServiceOptions } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Password recovery and setup; the administrators' "create user" sends setup links through it. */
    recovery: RecoveryService;
  }
}

/** The recovery and setup calls, and app.recovery for the modules that issue setup links. */
export async function registerRecovery(
  app: FastifyInstance,
  options: Omit<RecoveryServiceOptions, 'repository' | 'log'> & { db: Database },
): Promise<RecoveryService> {
  const recovery = createRecoveryService({
    ...options,
    repository: createRecoveryRepository(options.db),
    log: app.log,
  });
  app.decorate('recovery', recovery);
  // Requests already answered get their e-mail queued before the database goes.
  app.addHook('onClose', () => recovery.idle());
  await app.register(recoveryRoutes, { recovery });
  return recovery;
}
