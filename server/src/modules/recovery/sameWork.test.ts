import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { tenants } from '../../db/schema';
import { describeEachBackend } from '../../testing/backends';
import { useTestApp } from '../../testing/app';
import { createOutbox } from '../mail/outbox';
import { createRecoveryRepository } from './repository';
import { createRecoveryService } from './service';

/** `target` with every method call written into `steps` as `name.method` before it runs. */
function recorded<T extends object>(name: string, target: T, steps: string[]): T {
  return new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        steps.push(`${name}.${String(property)}`);
        return (value as (...a: unknown[]) => unknown).apply(object, args);
      };
    },
  });
}

/**
 * Password recovery must not tell by its timing whether an address has an account (issue 25): everything done
 * before the answer is the same for an account's address and a stranger's, and nothing that reads the address
 * happens before it. Shown by the steps each request takes on the real database, not by a stopwatch.
 */
describeEachBackend('a recovery request answers alike', (backend) => {
  const ctx = useTestApp(backend);

  it('does the same steps before answering for an address with an account and one without', async () => {
    const { db } = ctx.handle;
    const steps: string[] = [];
    const service = createRecoveryService({
      repository: recorded('repository', createRecoveryRepository(db), steps),
      clock: ctx.clock,
      outbox: recorded('outbox', createOutbox(db, ctx.clock), steps),
      wakeMail: () => steps.push('wakeMail'),
      links: { publicUrl: undefined, port: 8080, noReplyFrom: 'Coldwatch <no-reply@demo.example>' },
      sessions: recorded('sessions', { endSessionsOf: async () => {}, clearLockout: async () => {} }, steps),
      throttle: recorded('throttle', { countAddressAttempt: async () => {} }, steps),
      log: { error: (...args: unknown[]) => steps.push(`log.error ${JSON.stringify(args)}`), warn: () => {} },
    });
    const [demo] = await db.select().from(tenants).where(eq(tenants.name, 'demo'));
    const request = async (email: string) => {
      steps.length = 0;
      await service.requestRecovery(demo!.id, email, '192.0.2.80', null);
      const beforeAnswer = [...steps];
      await service.idle();
      return { beforeAnswer, afterAnswer: steps.slice(beforeAnswer.length) };
    };

    const account = await request('admin@demo.example');
    const stranger = await request('nobody@demo.example');
    expect(account.beforeAnswer).toEqual(['throttle.countAddressAttempt']);
    expect(stranger.beforeAnswer).toEqual(account.beforeAnswer);
    // The work that depends on the address comes after: the link for the account, nothing for the stranger.
    expect(account.afterAnswer).toEqual([
      'repository.usersWithEmail',
      'repository.createToken',
      'outbox.enqueue',
      'wakeMail',
    ]);
    expect(stranger.afterAnswer).toEqual(['repository.usersWithEmail']);
  });
});
