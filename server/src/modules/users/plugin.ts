import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { createUsersRepository } from './repository';
import { usersRoutes } from './routes';
import { createUsersService, type UsersServiceOptions } from './service';

/** The administrators' user list: GET and POST /api/v2/admin/users, and disabling and enabling a user. */
export async function registerUsers(
  app: FastifyInstance,
  options: Omit<UsersServiceOptions, 'repository'> & { db: Database },
): Promise<void> {
  const users = createUsersService({ ...options, repository: createUsersRepository(options.db) });
  await app.register(usersRoutes, { users });
}
