import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../../db/client';
import type { Tenant } from '../../db/schema';
import { notFound, sendError } from '../../errors';
import { createExpiringCache } from '../../expiringCache';
import { tenantNameFromHost } from './host';
import { findTenantByName } from './repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant addressed by the Host header; set for every request except those of TENANT_FREE_PATHS. */
    tenant: Tenant;
  }
}

const TENANT_CACHE_MS = 30_000;
const TENANT_CACHE_ENTRIES = 1_000;

/** Answers that do not depend on a tenant: probes, metrics, the API docs and the SPA's hashed files. */
const TENANT_FREE_PATHS = ['/healthz', '/livez', '/readyz', '/metrics', '/api/docs', '/assets/'];

export const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

const escapeHtml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c]!,
  );

function sendUnknownTenantPage(reply: FastifyReply, name: string): FastifyReply {
  const title = `No workspace named '${escapeHtml(name)}' exists here`;
  return reply
    .code(404)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Workspace not found</title>` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
        `<body style="font-family:sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">` +
        `<h1>${title}</h1><p>Check the address: the first part of the host name selects the workspace. ` +
        `Ask your administrator for the right link.</p></body></html>`,
    );
}

/** Resolves the tenant of every request from its Host header (on the root instance, so every route sees it). */
export function registerTenancy(app: FastifyInstance, db: Database, defaultTenant: string): void {
  app.decorateRequest('tenant', null as unknown as Tenant);
  // Tenants are made by seeding and the CLI, never changed by a request: a known one is not asked for again for a
  // while. An unknown name is asked every time, so a tenant made meanwhile answers at once.
  const known = createExpiringCache<string, Tenant>(TENANT_CACHE_MS, TENANT_CACHE_ENTRIES);
  app.addHook('onRequest', async (request, reply) => {
    if (TENANT_FREE_PATHS.some((path) => request.url.startsWith(path))) return;
    const name = tenantNameFromHost(request.hostname, defaultTenant);
    let tenant = known.get(name);
    if (!tenant) {
      tenant = await findTenantByName(db, name);
      if (tenant) known.set(name, tenant);
    }
    if (tenant) {
      request.tenant = tenant;
      return;
    }
    if (isApiPath(request.url)) {
      return sendError(reply, notFound('TENANT_NOT_FOUND', `No workspace named '${name}' exists here`));
    }
    return sendUnknownTenantPage(reply, name);
  });
}
