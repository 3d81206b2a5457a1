import { describe, expect, it } from 'vitest';
import type { Tenant } from '../../db/schema';
import { createTestClock } from '../../testing/app';
import { createAttemptGate } from './attempts';
import type { AuthRepository } from './repository';

type Repository = Pick<AuthRepository, 'reserveAttempt' | 'reserveAddressAttempt'>;

/** A repository that counts how many reservations are in the database at once, each held until the next turn. */
function countingRepository() {
  let inFlight = 0;
  const most = { overall: 0 };
  const held = <T>(value: T) =>
    new Promise<T>((resolve) => {
      inFlight++;
      most.overall = Math.max(most.overall, inFlight);
      setImmediate(() => {
        inFlight--;
        resolve(value);
      });
    });
  const repository: Repository = {
    reserveAttempt: () => held({ refusedBy: null, failures: [], ids: { attempt: 1, addressAttempt: 1 } }),
    reserveAddressAttempt: () => held(null),
  } as unknown as Repository;
  return { repository, most };
}

const tenant = { id: 't-demo', name: 'demo' } as Tenant;

// Each reservation holds a pooled connection while it waits for the address's lock in the database: a burst from
// one address took every connection of the pool, and the instance's other users got 503 (seen in loaded CI runs).
describe('the attempt gate hands the database one attempt of an address at a time', () => {
  it('three hundred sign-ins from one address: one reservation in the database at a time', async () => {
    const { repository, most } = countingRepository();
    const gate = createAttemptGate(repository, createTestClock());
    const now = new Date();
    await Promise.all(
      Array.from({ length: 300 }, (_, i) => gate.admit(tenant, `user-${i}`, '192.0.2.1', now)),
    );
    expect(most.overall).toBe(1);
  });

  it('one user guessed from many addresses: one reservation in the database at a time', async () => {
    const { repository, most } = countingRepository();
    const gate = createAttemptGate(repository, createTestClock());
    const now = new Date();
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => gate.admit(tenant, 'admin', `192.0.2.${i + 1}`, now)),
    );
    expect(most.overall).toBe(1);
  });

  it('recovery requests from one address queue behind its sign-ins; other addresses and users go side by side', async () => {
    const { repository, most } = countingRepository();
    const gate = createAttemptGate(repository, createTestClock());
    const now = new Date();
    await Promise.all([
      gate.admit(tenant, 'admin', '192.0.2.1', now),
      gate.countAddressAttempt('192.0.2.1'),
      gate.admit(tenant, 'operator', '192.0.2.2', now),
    ]);
    expect(most.overall).toBe(2);
  });
});
