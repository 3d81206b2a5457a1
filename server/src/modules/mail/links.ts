import type { FastifyRequest } from 'fastify';
import type { AlarmOccurrence } from '../alarms/events';

/** The SPA's device page route of the occurrence's department (SPEC §2), where the e-mail and the push lead. */
export const pageRouteOf = (o: Pick<AlarmOccurrence, 'hexacode' | 'department' | 'subDepartment' | 'page'>) =>
  `/${o.hexacode}/${o.department}/${o.subDepartment}/pages/${o.page}`;

/**
 * Where a tenant's users reach the app. The tenant is the first label of the host name (modules/tenancy/host.ts),
 * so tenant `acme` with PUBLIC_URL https://example.com is https://acme.example.com. Without PUBLIC_URL the server
 * cannot know its public name: http://<tenant>.localhost:<port>, which is right on the machine that runs it.
 */
export function tenantBaseUrl(tenant: string, publicUrl: string | undefined, port: number): string {
  const base = new URL(publicUrl ?? `http://localhost:${port}`);
  base.hostname = `${tenant}.${base.hostname}`;
  const path = base.pathname.replace(/\/$/, '');
  return `${base.protocol}//${base.host}${path}`;
}

/** Names that only ever lead to the machine of whoever opens the link. */
const LOOPBACK = /^(localhost|[a-z0-9-]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Where a request came from (scheme, host and port; the proxy's when TRUST_PROXY trusts it), as the start of
 * links e-mailed because of it, when that is a loopback name (localhost, <tenant>.localhost, 127.x, [::1]):
 * whoever asked is at this machine. Any other Host is whatever the sender of the request wrote: a password
 * link would take its token there, so it is never used; PUBLIC_URL says where the product is.
 */
export function loopbackOrigin(
  request: Pick<FastifyRequest, 'protocol' | 'host' | 'hostname'>,
): string | null {
  return LOOPBACK.test(request.hostname) ? `${request.protocol}://${request.host}` : null;
}

/**
 * The start of links e-mailed to a tenant's user because of a request: PUBLIC_URL's (with the tenant), else
 * where the request came from when that is this machine (`origin`, see loopbackOrigin), else the tenant at
 * localhost.
 */
export function linkBaseOf(
  tenant: string,
  links: { publicUrl: string | undefined; port: number },
  origin: string | null,
): string {
  return links.publicUrl || !origin ? tenantBaseUrl(tenant, links.publicUrl, links.port) : origin;
}
