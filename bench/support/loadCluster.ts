import { seedDemo } from '../../server/src/seed';
import { type RunningServer, startServer } from '../../tests/e2e/support/server';
import { openBenchDatabase } from './history';
import { seedLoadDevices } from './loadFleet';

/**
 * The production setup of docs/deployment.md ("Several instances"), as tests/deploy/scale-out.test.ts runs it:
 * a fresh PostgreSQL database seeded before the instances start, two instances on it and on the machine's
 * Mosquitto under topics of their own. No proxy: the bench spreads its sockets over the instances itself, which
 * is what HAProxy's round robin would do, without its CPU on this small machine. Not tests/deploy/cluster.ts:
 * it also runs the demo fleet, whose traffic and history recording would count in the instances' CPU.
 */
export const BROKER = 'mqtt://127.0.0.1:1883';

export interface LoadCluster {
  instances: RunningServer[];
  /** A gauge or counter of one instance's /metrics. */
  metric(instance: RunningServer, name: string): Promise<number>;
  close(): Promise<void>;
}

export async function startLoadCluster(devices: number, prefix: string): Promise<LoadCluster> {
  const database = await openBenchDatabase('postgres');
  const instances: RunningServer[] = [];
  try {
    await seedDemo(database.handle.db, { dashboards: false });
    await seedLoadDevices(database.handle.db, devices);
    // One after the other, as a rolling deploy would (and the scale-out test does).
    for (let i = 0; i < 2; i++)
      instances.push(
        await startServer({
          DATABASE_URL: database.handle.location,
          MQTT_URL: BROKER,
          MQTT_TOPIC_PREFIX: prefix,
          DEMO: 'false',
          SIMULATOR: 'false',
          // Every browser of the bench is this machine, with ten sockets a session: the limits one client has
          // (docs/deployment.md) are lifted, as they are a proxy's to apply to many clients.
          MAX_CONNECTIONS_PER_ADDRESS: '100000',
          MAX_SOCKETS_PER_SESSION: '100000',
        }),
      );
  } catch (error) {
    await Promise.allSettled(instances.map((instance) => instance.stop()));
    await database.dispose();
    throw error;
  }
  return {
    instances,
    async metric(instance, name) {
      const text = await (await fetch(`http://127.0.0.1:${instance.port}/metrics`)).text();
      const line = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text);
      return Number(line?.[1] ?? Number.NaN);
    },
    async close() {
      await Promise.allSettled(instances.map((instance) => instance.stop()));
      await database.dispose();
    },
  };
}
