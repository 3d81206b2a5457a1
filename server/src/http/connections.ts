import { BlockList, isIPv6, type Socket } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { addressKey } from '../modules/auth/throttle';

/**
 * What one client may hold of the server, and how long a slow one is waited for (issue 25; docs/deployment.md says
 * what a proxy in front does on top):
 * - the request line and headers must arrive within `headersTimeoutMs`, the whole request, body included, within
 *   `requestTimeoutMs` (else 408 and the connection closes), checked every `checkIntervalMs`;
 * - a kept-alive connection with no request under way is closed after `keepAliveTimeoutMs` (idle);
 * - one address holds at most `maxPerAddress` connections at once (live sockets and alarm streams included);
 * - one session holds at most `maxSocketsPerSession` live sockets, and as many alarm streams (a few tabs' worth).
 */
export interface ConnectionLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  checkIntervalMs: number;
  maxPerAddress: number;
  maxSocketsPerSession: number;
}

export const CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  // A 1 MB import over a slow shop line still fits.
  requestTimeoutMs: 60_000,
  // Longer than the idle timeouts of the load balancers in front (60 s on most), so they close first: a connection
  // the server closes while a proxy reuses it would fail that proxy's request.
  keepAliveTimeoutMs: 72_000,
  checkIntervalMs: 1_000,
  maxPerAddress: 256,
  maxSocketsPerSession: 8,
};

/** The HTTP server's timeouts, as Fastify passes them on to Node's http.createServer. */
export function serverTimeouts(limits: ConnectionLimits): Partial<FastifyServerOptions> {
  const timeouts = {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: limits.checkIntervalMs,
  };
  return {
    http: timeouts,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
  } as Partial<FastifyServerOptions>;
}

/**
 * Which peers are proxies the server trusts (TRUST_PROXY): their connections carry many clients, and the proxy
 * caps those per client itself. `true` or a hop count trust whatever connects; addresses and CIDRs are listed.
 */
function trustedPeers(trustProxy: boolean | number | string): (address: string) => boolean {
  if (trustProxy === true || typeof trustProxy === 'number') return () => trustProxy !== 0;
  if (trustProxy === false) return () => false;
  const list = new BlockList();
  for (const entry of trustProxy.split(',').map((part) => part.trim())) {
    const [network, bits] = entry.split('/');
    const type = isIPv6(network!) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(network!, type);
    else list.addSubnet(network!, Number(bits), type);
  }
  return (address) => {
    const plain = address.replace(/^::ffff:(?=\d+\.)/i, '');
    return list.check(plain, isIPv6(plain) ? 'ipv6' : 'ipv4');
  };
}

/**
 * Closes a connection at once when its peer (an IPv6 peer by its /64) already holds `max`: one client cannot take
 * the server's sockets and memory from everyone else. A trusted proxy's connections are not counted here.
 */
export function limitConnectionsPerAddress(
  app: FastifyInstance,
  max: number,
  trustProxy: boolean | number | string,
): void {
  const trusted = trustedPeers(trustProxy);
  const open = new Map<string, number>();
  // Said once while an address stays at its limit, not once a refused connection.
  const warned = new Set<string>();
  app.server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress;
    if (peer === undefined || trusted(peer)) return;
    const key = addressKey(peer);
    const count = open.get(key) ?? 0;
    if (count >= max) {
      if (!warned.has(key)) app.log.warn({ address: key, max }, 'connections: an address holds too many');
      warned.add(key);
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
      if (left < max) warned.delete(key);
    });
  });
}
