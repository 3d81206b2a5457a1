import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { createAuditRepository } from './repository';
import { auditRoutes } from './routes';

/** The audit trail's read route; entries are written by the modules that make the changes (trail.ts). */
export async function registerAudit(app: FastifyInstance, options: { db: Database }): Promise<void> {
  await app.register(auditRoutes, { repository: createAuditRepository(options.db) });
}
