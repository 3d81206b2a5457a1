import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AuditChain, AuditPage, AuditQuery, ErrorBody, type AuditEntry } from '#contracts';
import { contract } from '../../http/contracts';
import { requireGrant } from '../auth/authenticate';
import { auditCsv } from './csv';
import type { AuditRepository } from './repository';
import type { AuditEntry as StoredEntry } from './trail';

const entryOf = (row: StoredEntry): AuditEntry => ({
  seq: row.seq,
  at: row.at.toISOString(),
  user: row.username,
  userId: row.userId,
  actingAs: row.actingAsUsername,
  action: row.action,
  target: row.target,
  hexacode: row.hexacode,
  before: row.before,
  after: row.after,
  prevHash: row.prevHash,
  hash: row.hash,
});

/** CSV when asked by `format=csv`, or by an Accept that prefers it and no `format`. */
const wantsCsv = (request: FastifyRequest<{ Querystring: AuditQuery }>) =>
  request.query.format === 'csv' ||
  (request.query.format === undefined && /\btext\/csv\b/.test(request.headers.accept ?? ''));

/** The audit trail for administrators (issue 30): read only, there is no route that changes an entry. */
export const auditRoutes: FastifyPluginAsync<{ repository: AuditRepository }> = async (
  app,
  { repository },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get<{ Querystring: AuditQuery }>(
    '/api/v2/audit',
    {
      onRequest: requireGrant('SYSTEM', 'WRITE'),
      schema: contract({
        summary:
          "The tenant's audit trail, newest first: who changed what, before and after, hash-chained (SYSTEM at WRITE); CSV with format=csv or Accept: text/csv",
        tags: ['audit'],
        security: true,
        querystring: AuditQuery,
        response: { 200: AuditPage, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      }),
    },
    async (request, reply) => {
      const entries = (await repository.search(request.session!.tenant.id, request.query)).map(entryOf);
      if (!wantsCsv(request)) return { entries };
      return reply
        .type('text/csv; charset=utf-8; header=present')
        .header('content-disposition', 'attachment; filename="audit.csv"')
        .send(auditCsv(entries));
    },
  );

  app.get(
    '/api/v2/audit/chain',
    {
      onRequest: requireGrant('SYSTEM', 'WRITE'),
      schema: contract({
        summary:
          "Whether the tenant's audit trail is whole: its hash chain walked from the first entry to the last, and the first link that does not hold (SYSTEM at WRITE)",
        tags: ['audit'],
        security: true,
        response: { 200: AuditChain, 401: ErrorBody, 403: ErrorBody },
      }),
    },
    async (request): Promise<AuditChain> => {
      const { entries, broken } = await repository.chain(request.session!.tenant.id);
      return { entries, broken: broken && { seq: broken.seq, reason: broken.reason } };
    },
  );
};
