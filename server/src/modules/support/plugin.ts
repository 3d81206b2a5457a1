import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { createSupportRepository } from './repository';
import { supportRoutes } from './routes';
import { createSupportService, type SupportServiceOptions } from './service';

/** Without SUPPORT_EMAIL: the support mailbox at the public host, as MAIL_FROM's default is. */
export const defaultSupportEmail = (publicUrl: string | undefined) =>
  `support@${publicUrl ? new URL(publicUrl).hostname : 'localhost'}`;

/** Bug reports and feature requests (SPEC §7). */
export async function registerSupport(
  app: FastifyInstance,
  options: Omit<SupportServiceOptions, 'repository'> & { db: Database },
): Promise<void> {
  const support = createSupportService({ ...options, repository: createSupportRepository(options.db) });
  await app.register(supportRoutes, { support });
}
