import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { startBroker } from '../../server/src/gateway/broker';
import { MemoryDeviceCredentials } from '../../server/src/gateway/credentials';
import { reachable } from '../../server/src/testing/net';

// The size of a bench values message (one CC-410 department snapshot).
const PAYLOAD = JSON.stringify({
  v: 1,
  type: 'values',
  ts: Date.now(),
  values: {
    '1.1': -123,
    '1.2': 456,
    '1.3': 789,
    '1.4': -12,
    '1.5': 0,
    '1.6': 0,
    '1.7': 1,
    '1.8': 1,
    '1.9': 0,
  },
});

/** Messages a second from one publisher to one subscriber through a broker, QoS 0, over `messages` sent. */
async function throughput(
  messages: number,
  url: string,
  publisherAuth: object,
  subscriberAuth: object,
  topic: string,
) {
  const subscriber = await mqtt.connectAsync(url, {
    ...subscriberAuth,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  const publisher = await mqtt.connectAsync(url, {
    ...publisherAuth,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  await subscriber.subscribeAsync(topic, { qos: 0 });
  let received = 0;
  const done = new Promise<void>((resolve) =>
    subscriber.on('message', () => {
      received += 1;
      if (received === messages) resolve();
    }),
  );
  const started = performance.now();
  for (let i = 0; i < messages; i++) {
    publisher.publish(topic, PAYLOAD, { qos: 0 });
    if (i % 500 === 0) await new Promise((r) => setImmediate(r));
  }
  // A QoS 0 message may be dropped: give up on the rest after a minute (unref'd, or the script waits it out).
  await Promise.race([done, new Promise((r) => setTimeout(r, 60_000).unref())]);
  const perSecond = (received / (performance.now() - started)) * 1000;
  await Promise.all([publisher.endAsync(), subscriber.endAsync()]);
  return perSecond;
}

/** The embedded Aedes broker (as the server runs it, with device auth) and Mosquitto on 1883 when it runs. */
export async function measureBrokerThroughput(messages: number): Promise<[string, number | null][]> {
  const credential = randomBytes(16).toString('hex');
  const credentials = new MemoryDeviceCredentials();
  credentials.set('demo', 'BE0000', credential);
  const server = { username: 'coldwatch-server', password: randomBytes(16).toString('hex') };
  const broker = await startBroker({ port: 0, host: '127.0.0.1', credentials, server });
  const topic = 'devices/demo/BE0000/departments/1.0/values';
  const aedes = await throughput(
    messages,
    broker.url,
    // A device logs in under its own identity: its username as client id, or the broker refuses it.
    { username: 'demo/BE0000', password: credential, clientId: 'demo/BE0000' },
    server,
    topic,
  );
  await broker.close();
  const mosquitto = (await reachable(1883))
    ? await throughput(
        messages,
        'mqtt://127.0.0.1:1883',
        {},
        {},
        `bench-${randomBytes(4).toString('hex')}/values`,
      )
    : null;
  return [
    ['embedded Aedes (device auth on)', aedes],
    ['Mosquitto 127.0.0.1:1883', mosquitto],
  ];
}
