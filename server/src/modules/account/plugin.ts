import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { createAccountRepository } from './repository';
import { accountRoutes } from './routes';
import { createAccountService, type AccountService } from './service';

/** The signed-in user's own account and settings; the other modules read grants and settings through the service. */
export async function registerAccount(
  app: FastifyInstance,
  options: { db: Database; clock: Clock },
): Promise<AccountService> {
  const account = createAccountService(createAccountRepository(options.db), options);
  await app.register(accountRoutes, { account });
  return account;
}
