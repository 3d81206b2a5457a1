import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort, startServer, type RunningServer } from '../e2e/support/server';
import {
  createDatabase,
  type Database,
  type DatabaseHandle,
  withConnection,
} from '../../server/src/db/client';
import { migrate } from '../../server/src/db/migrate';
import { seedDemo } from '../../server/src/seed';
import { testDatabaseServer } from '../../server/src/testing/backends';
import { databaseUrlOf } from '../../server/src/testing/testPostgres';
import { reachable } from '../../server/src/testing/net';
import { eventually } from '../../server/src/testing/wait';

/**
 * The production setup of docs/deployment.md, run for real by the deploy tests: server instances on one fresh
 * database of the run's PostgreSQL and an external Mosquitto, the demo fleet as a process of its own on the same broker, HAProxy
 * in front with server/deploy/haproxy.cfg.
 */
const HAPROXY = '/usr/sbin/haproxy';
/** The machine's broker; other suites use it too, hence a topic prefix per cluster. */
const MACHINE_BROKER = 'mqtt://127.0.0.1:1883';
const CONFIG = fileURLToPath(new URL('../../server/deploy/haproxy.cfg', import.meta.url));

/** Where the deploy tests can run: haproxy installed, Mosquitto answering on loopback. */
export const clusterAvailable = existsSync(HAPROXY) && (await reachable(1883));

const adminQuery = (sql: string) =>
  withConnection(testDatabaseServer().adminUrl, (client) => client.query(sql));

export interface ClusterOptions {
  /** Names the database and the topic prefix (both unique to this run). */
  name: string;
  broker?: string;
  /** Runs on the migrated, seeded database before the instances start (buffers to record…). */
  prepare?: (db: Database) => Promise<unknown>;
}

interface Answer {
  status: number;
  servedBy: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields of its own call
  body: any;
}

export interface Cluster {
  /** Instance i is HAProxy's server "a", "b"… in that order. */
  instances: RunningServer[];
  /** http://127.0.0.1:<port> of HAProxy. */
  proxy: string;
  broker: string;
  /** MQTT_TOPIC_PREFIX of the instances and the fleet. */
  prefix: string;
  /** A call through HAProxy (or to `base`), as JSON. */
  call(path: string, token?: string, init?: RequestInit, base?: string): Promise<Answer>;
  /** The demo administrator's token. */
  signIn(): Promise<string>;
  /** The instance HAProxy names `servedBy`. */
  instance(servedBy: string): RunningServer;
  /** Works on the cluster's database directly (what an administrator's change would write). */
  withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const database = `coldwatch_${options.name.replaceAll('-', '_')}_${process.pid}`;
  const prefix = `coldwatch-${options.name}-${process.pid}`;
  const broker = options.broker ?? MACHINE_BROKER;
  const databaseUrl = databaseUrlOf(testDatabaseServer().adminUrl, database);
  const processes: ChildProcess[] = [];
  const instances: RunningServer[] = [];
  const stop = async () => {
    for (const child of processes) child.kill('SIGTERM');
    await Promise.all(instances.map((instance) => instance.stop()));
    await adminQuery(`drop database if exists ${database} with (force)`);
  };

  const withDatabase = async <T>(work: (db: Database, handle: DatabaseHandle) => Promise<T>) => {
    const handle = createDatabase(databaseUrl);
    try {
      return await work(handle.db, handle);
    } finally {
      await handle.close();
    }
  };

  await adminQuery(`create database ${database}`);
  try {
    // Seeded once, before the instances start: neither seeds nor fills demo history at start.
    await withDatabase(async (db, handle) => {
      await migrate(handle);
      await seedDemo(db, { dashboards: true });
      await options.prepare?.(db);
    });

    const cli = ['--import', 'tsx', 'server/src/simulator/cli.ts', '--url', broker, '--prefix', prefix];
    processes.push(spawn(process.execPath, [...cli, '--tenant', 'demo', '--quiet'], { stdio: 'ignore' }));
    const env = {
      DATABASE_URL: databaseUrl,
      MQTT_URL: broker,
      MQTT_TOPIC_PREFIX: prefix,
      DEMO: 'false',
      SIMULATOR: 'false',
      TRUST_PROXY: '127.0.0.1',
    };
    // Side by side: the setup takes about half as long as one after the other (17 s against 31 s measured).
    const started = await Promise.allSettled([startServer(env), startServer(env)]);
    for (const result of started) if (result.status === 'fulfilled') instances.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const proxyPort = await freePort();
    processes.push(
      spawn(HAPROXY, ['-db', '-f', CONFIG], {
        env: {
          ...process.env,
          COLDWATCH_BIND: `127.0.0.1:${proxyPort}`,
          COLDWATCH_A: `127.0.0.1:${instances[0]!.port}`,
          COLDWATCH_B: `127.0.0.1:${instances[1]!.port}`,
        },
        stdio: 'ignore',
      }),
    );
    await eventually(() => reachable(proxyPort), { what: 'HAProxy listening' });
    const proxy = `http://127.0.0.1:${proxyPort}`;

    const call = async (path: string, token?: string, init: RequestInit = {}, base = proxy) => {
      const response = await fetch(`${base}${path}`, {
        ...init,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
      });
      return {
        status: response.status,
        servedBy: response.headers.get('x-served-by'),
        body: await response.json(),
      };
    };
    const signIn = async () => {
      const body = {
        username: 'admin',
        password: 'Admin123',
        domain: 'demo',
        rememberMe: false,
        type: 'DOMAIN',
      };
      return (await call('/api/login', undefined, { method: 'POST', body: JSON.stringify(body) })).body.token
        .id as string;
    };
    const instance = (servedBy: string) => {
      const found = instances['ab'.indexOf(servedBy)];
      if (!found) throw new Error(`no instance "${servedBy}" behind HAProxy`);
      return found;
    };
    return { instances, proxy, broker, prefix, call, signIn, instance, withDatabase, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
