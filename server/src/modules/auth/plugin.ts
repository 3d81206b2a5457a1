import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { registerAuthentication } from './authenticate';
import { createAuthRepository } from './repository';
import { shareSessionNews } from './revocations';
import { authRoutes } from './routes';
import { createAuthService, type AuthService } from './service';

/**
 * Sign-in on the root instance: app.authenticate and request.session for every route registered after it, sessions
 * ended here ended on every instance, and the login and logout calls. The other modules check sessions through the
 * service it answers.
 */
export async function registerAuth(
  app: FastifyInstance,
  options: { db: Database; clock: Clock },
): Promise<AuthService> {
  const auth = createAuthService(createAuthRepository(options.db), options.clock);
  registerAuthentication(app, auth);
  await shareSessionNews(app, options.db, auth);
  await app.register(authRoutes, { auth });
  return auth;
}
