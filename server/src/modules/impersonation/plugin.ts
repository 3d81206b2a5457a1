import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { createImpersonationRepository } from './repository';
import { impersonationRoutes } from './routes';
import { createImpersonationService, type ImpersonationServiceOptions } from './service';

/** Switch account, switch back and their record (SPEC §4, §6, §7). */
export async function registerImpersonation(
  app: FastifyInstance,
  options: Omit<ImpersonationServiceOptions, 'repository'> & { db: Database },
): Promise<void> {
  const impersonation = createImpersonationService({
    ...options,
    repository: createImpersonationRepository(options.db),
  });
  await app.register(impersonationRoutes, { impersonation });
}
