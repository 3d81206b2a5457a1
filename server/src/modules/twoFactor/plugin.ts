import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { createTwoFactorRepository } from './repository';
import { twoFactorRoutes } from './routes';
import { createTwoFactorService, type TwoFactorServiceOptions } from './service';

/** The two-factor setup calls (GET settings/2fa, POST verify-2fa). */
export async function registerTwoFactor(
  app: FastifyInstance,
  options: Omit<TwoFactorServiceOptions, 'repository'> & { db: Database },
): Promise<void> {
  const twoFactor = createTwoFactorService({ ...options, repository: createTwoFactorRepository(options.db) });
  await app.register(twoFactorRoutes, { twoFactor });
}
