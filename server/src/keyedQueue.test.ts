import { describe, expect, it } from 'vitest';
import { createKeyedQueue } from './keyedQueue';

describe('a keyed queue', () => {
  it('runs one key in order, a failure included, and answers each piece its own result', async () => {
    const queue = createKeyedQueue();
    const order: string[] = [];
    const step =
      (name: string, fail = false) =>
      async () => {
        order.push(`${name} starts`);
        await new Promise((resolve) => setImmediate(resolve));
        order.push(`${name} ends`);
        if (fail) throw new Error(name);
        return name;
      };
    const answers = await Promise.allSettled([
      queue.run('a', step('first')),
      queue.run('a', step('second', true)),
      queue.run('a', step('third')),
      queue.run('b', step('other key')),
    ]);
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual([
      'first',
      'second',
      'third',
      'other key',
    ]);
    expect(order.filter((line) => !line.startsWith('other'))).toEqual([
      'first starts',
      'first ends',
      'second starts',
      'second ends',
      'third starts',
      'third ends',
    ]);
    // Another key does not wait for the first.
    expect(order.indexOf('other key starts')).toBeLessThan(order.indexOf('first ends'));
    await queue.idle();
  });
});
