import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../server/src/testing/wait';
import { type Cluster, clusterAvailable, startCluster } from './cluster';
import { type LiveSocket, openLiveSocket } from './liveSocket';
import { MOSQUITTO, type OwnBroker, startOwnBroker } from './mosquitto';
import { RECORDED, gatewayOf, recordBuffer, recordedWindows } from './probes';

/**
 * The broker crashes and comes back while the fleet publishes: the cluster of cluster.ts on a Mosquitto of this
 * test's own (the machine's serves other suites meanwhile), killed with SIGKILL and started again on its port.
 */
describe.runIf(clusterAvailable && existsSync(MOSQUITTO))('a broker restart under load', () => {
  let broker: OwnBroker;
  let cluster: Cluster;
  let token = '';
  let live: LiveSocket;
  const startedAt = Date.now();
  let recordedBefore: { at: number; value: number | null }[] = [];
  let restartedAt = 0;
  const gateways = () => Promise.all(cluster.instances.map((instance) => gatewayOf(cluster, instance)));

  beforeAll(async () => {
    broker = await startOwnBroker();
    cluster = await startCluster({ name: 'broker-restart', broker: broker.url, prepare: recordBuffer });
    token = await cluster.signIn();
    live = openLiveSocket(cluster.proxy, token, {
      kind: 'page',
      hexacode: RECORDED,
      department: 1,
      subDepartment: 0,
      page: 1,
    });
    await eventually(() => live.pushes.length > 0, { what: 'live values' });
    await eventually(
      async () => {
        recordedBefore = (await recordedWindows(cluster, token, startedAt, Date.now())).filter(
          (window) => window.value !== null,
        );
        return recordedBefore.length >= 2;
      },
      { what: 'windows recorded before the restart', timeoutMs: 30_000 },
    );
  }, 120_000);
  afterAll(async () => {
    live?.stop();
    await cluster?.stop();
    await broker?.stop();
  });

  it('the instances report the broker gone, then back, in /healthz', async () => {
    expect(await gateways()).toEqual(['connected', 'connected']);
    await broker.kill();
    await eventually(async () => (await gateways()).every((gateway) => gateway === 'disconnected'), {
      what: 'both gateways disconnected',
    });
    await broker.start();
    restartedAt = Date.now();
    await eventually(async () => (await gateways()).every((gateway) => gateway === 'connected'), {
      what: 'both gateways connected again',
    });
  });

  it('the devices reconnect by themselves and live values reach the signed-in socket again', async () => {
    await eventually(() => live.pushes.some((push) => push.at > restartedAt), {
      what: 'live values after the restart',
    });
    // The socket itself never dropped: the broker is behind the instances, not in front of them.
    expect(live.connections).toHaveLength(1);
  });

  it('keeps every sample recorded before, and records again', async () => {
    await eventually(
      async () =>
        (await recordedWindows(cluster, token, restartedAt, Date.now())).some(
          // Not the window the broker died in: it may hold a sample from before.
          (window) => window.at > restartedAt && window.value !== null,
        ),
      { what: 'a window recorded after the restart' },
    );
    const after = await recordedWindows(cluster, token, startedAt, Date.now());
    for (const { at, value } of recordedBefore)
      expect(after.find((window) => window.at === at)?.value).toBeCloseTo(value!, 3);
  });
});
