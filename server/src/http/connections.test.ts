import { once } from 'node:events';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppOptions } from '../app';
import { TEST_BACKEND } from '../testing/backends';
import { secondInstance, useTestApp } from '../testing/app';
import { eventually } from '../testing/wait';
import { CONNECTION_LIMITS, type ConnectionLimits } from './connections';

/** Timeouts short enough for a test to wait for, checked often. */
const QUICK: Partial<ConnectionLimits> = {
  headersTimeoutMs: 300,
  requestTimeoutMs: 600,
  keepAliveTimeoutMs: 300,
  checkIntervalMs: 50,
};
/** Far below the product's own timeouts: a close before this is the configured timeout's doing. */
const WELL_BEFORE_DEFAULTS_MS =
  Math.min(CONNECTION_LIMITS.headersTimeoutMs, CONNECTION_LIMITS.requestTimeoutMs) / 2;

/** A raw TCP client, to be as slow as a test wants; `received` is everything the server sent. */
async function rawClient(port: number) {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {}); // writes after the server's close
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  const closed = once(socket, 'close').then(() => performance.now());
  await once(socket, 'connect');
  return { socket, received: () => received, closed };
}
type RawClient = Awaited<ReturnType<typeof rawClient>>;

/** Writes `line` every `everyMs` until the socket closes: a client that never finishes. */
function drip(socket: Socket, line: (n: number) => string, everyMs: number) {
  let n = 0;
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write(line(n++));
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

// What a connection may hold does not depend on the database: one back-end is enough.
describe('slow and greedy clients', () => {
  const ctx = useTestApp(TEST_BACKEND);
  const instances: FastifyInstance[] = [];
  afterAll(async () => {
    for (const instance of instances) await instance.close();
  });
  /** A listening instance with these options; answers its port. */
  async function listening(options: Partial<AppOptions>): Promise<number> {
    const app = await secondInstance(ctx, options);
    instances.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return (app.server.address() as AddressInfo).port;
  }

  describe('timeouts', () => {
    /** Expects the server to have answered 408 and closed `client`, not before `timeoutMs` nor as late as a default. */
    const expectTimedOut = async (client: RawClient, started: number, timeoutMs: number) => {
      const elapsed = (await client.closed) - started;
      expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(elapsed).toBeGreaterThanOrEqual(timeoutMs);
      expect(elapsed).toBeLessThan(WELL_BEFORE_DEFAULTS_MS);
    };
    let port: number;
    beforeAll(async () => {
      port = await listening({ connections: QUICK });
    });

    it('answers 408 and drops a client that sends its headers a line at a time', async () => {
      const client = await rawClient(port);
      const started = performance.now();
      client.socket.write('GET /livez HTTP/1.1\r\nHost: localhost\r\n');
      drip(client.socket, (n) => `X-Slow-${n}: still coming\r\n`, 50);
      await expectTimedOut(client, started, QUICK.headersTimeoutMs!);
    });

    it('answers 408 and drops a client whose body never ends', async () => {
      const client = await rawClient(port);
      const started = performance.now();
      client.socket.write(
        'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 4096\r\n\r\n{',
      );
      drip(client.socket, () => ' ', 50);
      await expectTimedOut(client, started, QUICK.requestTimeoutMs!);
    });

    it('closes a kept-alive connection that stays idle', async () => {
      const client = await rawClient(port);
      client.socket.write('GET /livez HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await once(client.socket, 'data');
      const answered = performance.now();
      expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
      const idle = (await client.closed) - answered;
      expect(idle).toBeLessThan(WELL_BEFORE_DEFAULTS_MS);
    });

    it('drops a client that connects and says nothing', async () => {
      const client = await rawClient(port);
      const started = performance.now();
      const elapsed = (await client.closed) - started;
      expect(elapsed).toBeGreaterThanOrEqual(QUICK.headersTimeoutMs! - QUICK.checkIntervalMs!);
      expect(elapsed).toBeLessThan(WELL_BEFORE_DEFAULTS_MS);
    });
  });

  describe('connections per address', () => {
    const MAX = 3;
    const livez = async (port: number) => {
      const client = await rawClient(port);
      client.socket.write('GET /livez HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await Promise.race([once(client.socket, 'data'), client.closed]);
      client.socket.destroy();
      return client.received();
    };

    it('closes a connection past the limit of one address at once, and takes one again when a place frees', async () => {
      const port = await listening({ connections: { maxPerAddress: MAX } });
      const held = [];
      for (let i = 0; i < MAX; i++) held.push(await rawClient(port));
      // The server has counted them once it answers on one of them.
      held[0]!.socket.write('GET /livez HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await once(held[0]!.socket, 'data');

      const refused = await rawClient(port);
      await refused.closed;
      expect(refused.received()).toBe('');
      for (const client of held) expect(client.socket.destroyed).toBe(false);

      held[1]!.socket.destroy();
      await held[1]!.closed;
      // The server hears of the close a moment later: asked again until it has.
      await eventually(async () => (await livez(port)).startsWith('HTTP/1.1 200 '), {
        what: 'a place freed',
      });
      for (const client of held) client.socket.destroy();
    });

    it("does not count a trusted proxy's connections: they carry many clients, whom the proxy caps", async () => {
      const port = await listening({
        config: { defaultTenant: 'demo', logLevel: 'silent', trustProxy: '127.0.0.1' },
        connections: { maxPerAddress: MAX },
      });
      const held = [];
      for (let i = 0; i < MAX + 2; i++) held.push(await rawClient(port));
      expect(await livez(port)).toMatch(/^HTTP\/1\.1 200 /);
      for (const client of held) expect(client.socket.destroyed).toBe(false);
      for (const client of held) client.socket.destroy();
    });
  });
});
