import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { GRANT_AREAS } from '#contracts';
import { buildApp } from '../../server/src/app';
import type { DatabaseHandle } from '../../server/src/db/client';
import { users } from '../../server/src/db/schema';
import { DeviceRuntime } from '../../server/src/gateway/runtime';
import { hashPassword } from '../../server/src/modules/auth/passwords';
import { percentile, round } from './stats';

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

/** GET `url` `runs` times after one warm-up, each timed; a status other than 200 throws, named `name`. */
async function timedGets(bench: BenchApp, name: string, url: string, runs: number) {
  await bench.call({ method: 'GET', url });
  const times: number[] = [];
  let last: LightMyRequestResponse | undefined;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await bench.call({ method: 'GET', url });
    times.push(performance.now() - t0);
    if (last.statusCode !== 200) throw new Error(`${name}: ${last.statusCode} ${last.body}`);
  }
  return { times, last: last! };
}

/**
 * Times each of `calls` (a GET each, `runs` times after a warm-up) and prints a table: the call, its own `columns`
 * (`cells` reads them from its last answer, and throws where the answer is wrong), p50, max and its goal in ms.
 * Answers whether every p50 is under its goal.
 */
export async function timeCalls<Name extends string>(
  bench: BenchApp,
  spec: {
    calls: Record<Name, string>;
    runs: number;
    goalsMs: Record<Name, number>;
    columns: string[];
    cells: (name: Name, last: LightMyRequestResponse) => (string | number)[];
  },
): Promise<boolean> {
  const rows = [
    `| ${['call', ...spec.columns, 'p50 ms', 'max ms', 'goal ms'].join(' | ')} |`,
    `|${' --- |'.repeat(spec.columns.length + 4)}`,
  ];
  let met = true;
  for (const [name, url] of Object.entries(spec.calls) as [Name, string][]) {
    const { times, last } = await timedGets(bench, name, url, spec.runs);
    const p50 = percentile(times, 50);
    met &&= p50 < spec.goalsMs[name];
    const cells = [
      name,
      ...spec.cells(name, last),
      round(p50, 1),
      round(Math.max(...times), 1),
      spec.goalsMs[name],
    ];
    rows.push(`| ${cells.join(' | ')} |`);
  }
  console.log(rows.join('\n'));
  console.log(met ? 'goal met: every p50 under its goal' : 'GOAL MISSED: a p50 at or over its goal');
  return met;
}
