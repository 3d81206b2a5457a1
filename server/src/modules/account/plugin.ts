import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AuthService } from '../auth/service';
import { createAccountRepository } from './repository';
import { accountRoutes } from './routes';
import { createAccountService, type AccountService } from './service';

/** The signed-in user's own account and settings; the other modules read grants and settings through the service. */
export async function registerAccount(
  app: FastifyInstance,
  options: { db: Database; clock: Clock; sessions: Pick<AuthService, 'userChanged'> },
): Promise<AccountService> {
  const account = createAccountService(createAccountRepository(options.db), options, options.sessions);
  await app.register(accountRoutes, { account });
  return account;
}
