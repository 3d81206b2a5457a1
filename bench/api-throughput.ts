/**
 * Signed-in API throughput (issue 14): requests per second and latency of `/healthz`, a user's dashboard list and
 * the device tree, at 50 connections, on the embedded database or PostgreSQL; and the idle server's memory.
 *
 *   node --import tsx bench/api-throughput.ts                          # the embedded PostgreSQL
 *   BENCH_DATABASE=postgres node --import tsx bench/api-throughput.ts  # a fresh database on 127.0.0.1:5432
 *
 * The real server in demo mode (fleet running, LOG_LEVEL=info as in production), measured once the demo
 * history backfill has finished. autocannon runs in this process on the same machine: on two cores the client
 * takes part of the CPU the server could use, so the figures are a floor.
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { startServer } from '../tests/e2e/support/server';
import { endWithGoal } from './support/goal';
import { seededDatabase } from './support/seededDatabase';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Warm-up and settling no longer than the measurement: a smoke run of 1 s needs no 3 s warm-up. */
const WARMUP_SECONDS = Math.min(3, SECONDS);
const SETTLE_SECONDS = Math.min(5, SECONDS);
const postgres = process.env.BENCH_DATABASE === 'postgres';
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `coldwatch_bench_${process.pid}`;
  const admin = new pg.Client(ADMIN_URL);
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    async drop() {
      const again = new pg.Client(ADMIN_URL);
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

const database = postgres
  ? await freshDatabase().catch((error: unknown) => {
      console.log(`PostgreSQL at 127.0.0.1:5432 is not there (${String(error)}): skipped`);
      process.exit(0);
    })
  : null;
// The smoke run's seeded copy (embedded variant only) skips the initdb, the seed and the backfill: it only shows
// the script still runs.
const seededCopy = database ? {} : seededDatabase();
const server = await startServer(
  { LOG_LEVEL: 'info', ...(database ? { DATABASE_URL: database.url } : {}) },
  seededCopy,
);
const origin = `http://127.0.0.1:${server.port}`;

async function settled(what: string, done: () => boolean, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const rssMiB = () => {
  const line = readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line?.[1]) / 1024;
};

try {
  if (!seededCopy.database)
    await settled('The demo history backfill', () => server.output().includes('demo history backfilled'));
  // Let the backfill's garbage go before reading the idle memory.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
  const idle = rssMiB();

  const login = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { host: `localhost:${server.port}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'admin',
      password: 'Admin123',
      domain: 'demo',
      rememberMe: false,
      type: 'DOMAIN',
    }),
  });
  const token = ((await login.json()) as { token: { id: string } }).token.id;
  const headers = { host: `localhost:${server.port}`, authorization: `Bearer ${token}` };

  const measure = async (path: string) => {
    const options = { url: `${origin}${path}`, connections: CONNECTIONS, headers };
    await autocannon({ ...options, duration: WARMUP_SECONDS });
    const result = await autocannon({ ...options, duration: SECONDS });
    if (result.non2xx || result.errors)
      throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return result;
  };

  console.log(
    `\n${postgres ? 'PostgreSQL at 127.0.0.1:5432' : 'embedded PostgreSQL'}, ${CONNECTIONS} connections, ${SECONDS} s each`,
  );
  console.log('| call | req/s | p50 ms | p99 ms | max ms |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  const rates: Record<string, number> = {};
  for (const path of ['/healthz', '/api/v2/dashboards/', '/api/v2/devices/']) {
    const { requests, latency } = await measure(path);
    rates[path] = requests.average;
    console.log(
      `| GET ${path} | ${Math.round(requests.average)} | ${latency.p50} | ${latency.p99} | ${latency.max} |`,
    );
  }
  // Issue 26's goal, on the embedded default: the signed-in dashboard list at least a third of /healthz's rate.
  const ratio = rates['/api/v2/dashboards/']! / rates['/healthz']!;
  const met = postgres || ratio >= 1 / 3;
  console.log(
    `\ndashboard list / healthz: 1/${(1 / ratio).toFixed(2)}${postgres ? '' : met ? ' (goal 1/3 met)' : ' (GOAL 1/3 MISSED)'}`,
  );
  endWithGoal(met);
  console.log(
    `\nidle server memory (VmRSS): ${idle.toFixed(0)} MiB; after the runs: ${rssMiB().toFixed(0)} MiB`,
  );
} finally {
  await server.stop();
  await database?.drop();
}
