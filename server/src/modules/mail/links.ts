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
