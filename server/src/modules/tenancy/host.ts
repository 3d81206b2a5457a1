import { isIP } from 'node:net';

/**
 * The tenant a host name addresses: its first label (acme.example.com → acme). A bare host name (localhost) or an
 * IP address has no tenant label and addresses the default tenant.
 */
export function tenantNameFromHost(hostname: string, defaultTenant: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === '' || host.startsWith('[') || isIP(host) !== 0) return defaultTenant;
  const labels = host.split('.');
  return labels.length > 1 ? labels[0]! : defaultTenant;
}
