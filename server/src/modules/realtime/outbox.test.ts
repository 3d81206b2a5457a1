import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../gateway/logger';
import { type Client, newClient, type Subscription, topicKey } from './client';
import { Outbox } from './outbox';

const topic = { kind: 'page' as const, hexacode: 'BE0000', department: 1, subDepartment: 0, page: 1 };
const value = (number: number, value: string) =>
  ({ number, status: 'OK', value, unit: '°C', state: null }) as const;

/**
 * A client whose socket hands each frame it is sent to `frames` (and each write of several frames to `writes`),
 * and an outbox in front of it.
 */
function connected() {
  const frames: string[] = [];
  const writes: string[][] = [];
  let sent: () => void = () => {};
  const client: Client = newClient(
    { tenant: 'demo', canReadDevices: true, factorySettings: async () => false, language: 'en' },
    {
      send: (text) => {
        frames.push(text);
        sent();
      },
      sendAll: (texts) => {
        frames.push(...texts);
        writes.push([...texts]);
        sent();
      },
      bufferedAmount: () => 0,
      close: () => {},
    },
  );
  const sub: Subscription = {
    key: topicKey(topic),
    topic,
    factorySettings: false,
    kind: undefined,
    visible: undefined,
  };
  client.subscriptions.set(sub.key, sub);
  const clients = new Set([client]);
  const outbox = new Outbox({
    clients,
    log: silentLogger,
    resync: () => {},
    stamp: () => ({ reportedAt: null, stale: false }),
  });
  const nextFrame = () => new Promise<void>((resolve) => (sent = resolve));
  return { client, sub, outbox, frames, writes, nextFrame };
}

describe('the live outbox', () => {
  it('sends a page once per turn with the newest value of each line, and counts the values it replaced', async () => {
    const { client, sub, outbox, frames, nextFrame } = connected();
    const flushed = nextFrame();
    outbox.enqueue(client, sub, value(1, '-18.0'));
    outbox.enqueue(client, sub, value(2, '4.0'));
    outbox.enqueue(client, sub, value(1, '-18.5'));
    outbox.enqueue(client, sub, value(1, '-19.0'));
    await flushed;
    outbox.close();

    expect(frames).toHaveLength(1);
    const { payload } = JSON.parse(frames[0]!) as { payload: { lines: { number: number; value: string }[] } };
    expect(payload.lines.map(({ number, value }) => [number, value])).toEqual([
      [1, '-19.0'],
      [2, '4.0'],
    ]);
    expect(outbox.counters.replacedUpdates).toBe(2);
  });

  it("sends all of a client's pages of one turn in one write to its socket", async () => {
    const { client, sub, outbox, writes, nextFrame } = connected();
    const other = { ...sub.topic, department: 2 };
    const otherSub: Subscription = { ...sub, key: topicKey(other), topic: other };
    client.subscriptions.set(otherSub.key, otherSub);
    const flushed = nextFrame();
    outbox.enqueue(client, sub, value(1, '-18.0'));
    outbox.enqueue(client, otherSub, value(1, '3.0'));
    await flushed;
    outbox.close();

    expect(writes).toHaveLength(1);
    expect(
      writes[0]!.map((text) => (JSON.parse(text) as { payload: { department: number } }).payload.department),
    ).toEqual([1, 2]);
  });
});
