import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../gateway/logger';
import { type Client, newClient, type Subscription, topicKey } from './client';
import { Outbox } from './outbox';

const topic = { kind: 'page' as const, hexacode: 'BE0000', department: 1, subDepartment: 0, page: 1 };
const value = (number: number, value: string) =>
  ({ number, status: 'OK', value, unit: '°C', state: null }) as const;

/** A client whose socket hands each frame it is sent to `frames`, and an outbox in front of it. */
function connected() {
  const frames: string[] = [];
  let sent: () => void = () => {};
  const client: Client = newClient(
    { tenant: 'demo', canReadDevices: true, factorySettings: async () => false, language: 'en' },
    {
      send: (text) => {
        frames.push(text);
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
  return { client, sub, outbox, frames, nextFrame };
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

  it("sends all of a client's pages of one turn in one frame, a message a page, and counts each message", async () => {
    const { client, sub, outbox, frames, nextFrame } = connected();
    const other = { ...sub.topic, department: 2 };
    const otherSub: Subscription = { ...sub, key: topicKey(other), topic: other };
    client.subscriptions.set(otherSub.key, otherSub);
    const flushed = nextFrame();
    outbox.enqueue(client, sub, value(1, '-18.0'));
    outbox.enqueue(client, otherSub, value(1, '3.0'));
    await flushed;
    outbox.close();

    expect(frames).toHaveLength(1);
    const messages = JSON.parse(frames[0]!) as { type: string; payload: { department: number } }[];
    expect(messages.map(({ type, payload }) => [type, payload.department])).toEqual([
      ['LineValues', 1],
      ['LineValues', 2],
    ]);
    expect(outbox.counters.sent).toBe(2);
  });
});
