import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { GRANT_AREAS } from '#contracts';
import { buildApp } from '../../server/src/app';
import type { DatabaseHandle } from '../../server/src/db/client';
import { users } from '../../server/src/db/schema';
import { DeviceRuntime } from '../../server/src/gateway/runtime';
import { hashPassword } from '../../server/src/modules/auth/passwords';

export interface BenchApp {
  app: FastifyInstance;
  /** A call of the signed-in bench user, answered in this process (the server's time without a network). */
  call(options: Omit<InjectOptions, 'headers'>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The real app over a seeded bench database (seedBench): the device runtime started, and a user `bench` of the
 * tenant holding every grant at WRITE, signed in.
 */
export async function startBenchApp(handle: DatabaseHandle, tenantId: string): Promise<BenchApp> {
  await handle.db.insert(users).values({
    tenantId,
    username: 'bench',
    passwordHash: await hashPassword('Bench123'),
    authorities: GRANT_AREAS.map((area) => ({ authority: `GRANT_${area}`, type: 'WRITE' as const })),
  });
  const runtime = new DeviceRuntime({ db: handle.db, port: 0, host: '127.0.0.1' });
  await runtime.start();
  const app = await buildApp({
    config: { defaultTenant: 'bench', logLevel: 'silent' },
    db: handle.db,
    logger: false,
    distDir: '/nonexistent-dist',
    devices: runtime,
  });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { host: 'localhost' },
    payload: { username: 'bench', password: 'Bench123' },
  });
  const token = (login.json() as { token: { id: string } }).token.id;
  return {
    app,
    call: (options) =>
      app.inject({ ...options, headers: { host: 'localhost', authorization: `Bearer ${token}` } }),
    close: async () => {
      await app.close();
      await runtime.stop();
    },
  };
}
