import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes, type AedesOptions } from 'aedes';
import { afterEach, describe, expect, it } from 'vitest';
import { DeviceLink } from './link';

/** An MQTT broker on a free port whose misbehaviour each test chooses. */
async function brokerThat(options: Partial<AedesOptions>) {
  const aedes = await Aedes.createBroker(options);
  const server: Server = createServer((socket) => aedes.handle(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => aedes.close(() => server.close(() => resolve()))).catch(() => {}),
  };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A device link as the simulator makes one: subscribe to its commands, then announce itself at QoS 1. */
function deviceLink(url: string) {
  const link = new DeviceLink({
    url,
    username: 'demo/00AA',
    password: 'secret',
    will: { topic: 'coldwatch/demo/00AA/status', payload: '{"online":false}' },
    onConnect: async (client) => {
      await client.subscribeAsync('coldwatch/demo/00AA/commands', { qos: 1 });
      await client.publishAsync('coldwatch/demo/00AA/status', '{"online":true}', { qos: 1 });
    },
    onMessage: () => {},
    answerTimeoutMs: 300,
    backoff: { initialMs: 60_000, maxMs: 60_000 }, // no second attempt within a test
  });
  closers.push(() => link.end());
  return link;
}

// The fleet's start waits for each device's first attempt; an attempt that never settles kept a server at
// "starting" for good (its /healthz 503 for 90 s in a loaded CI run).
describe('a device link whose broker misbehaves fails the attempt instead of waiting for ever', () => {
  it('when the broker closes the connection before its CONNACK', async () => {
    const broker = await brokerThat({ preConnect: (client) => client.close() });
    closers.push(broker.close);
    await expect(deviceLink(broker.url).connect()).rejects.toThrow(/connect/i);
  });

  it('when the connection closes before the announcement is acknowledged', async () => {
    const broker = await brokerThat({ authorizePublish: (client) => client?.close() });
    closers.push(broker.close);
    await expect(deviceLink(broker.url).connect()).rejects.toThrow(/closed before the broker acknowledged/);
  });

  it('when the broker never acknowledges the announcement', async () => {
    const broker = await brokerThat({ authorizePublish: () => {} });
    closers.push(broker.close);
    await expect(deviceLink(broker.url).connect()).rejects.toThrow(/no acknowledgement within 300 ms/);
  });

  it('and connects when the broker behaves', async () => {
    const broker = await brokerThat({});
    closers.push(broker.close);
    const link = deviceLink(broker.url);
    await link.connect();
    expect(link.client?.connected).toBe(true);
  });
});
