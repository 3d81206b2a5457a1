import { LOCKED_MESSAGE_HEADER } from '#contracts';
import type { Clock } from '../../clock';
import { createKeyedQueue } from '../../keyedQueue';
import type { Tenant } from '../../db/schema';
import { AppError } from '../../errors';
import { FAILURE_MEMORY_MS, lockedMessage, lockedUntil } from './lockout';
import type { AuthRepository } from './repository';
import { ADDRESS_WINDOW_MS, addressKey, throttled, throttledUntil } from './throttle';

const locked = (until: Date, now: Date) =>
  new AppError(423, 'ACCOUNT_LOCKED', lockedMessage(until, now), {
    [LOCKED_MESSAGE_HEADER]: lockedMessage(until, now),
  });

/**
 * What every guess passes before it is checked: the client address's throttle (throttle.ts, 429) and the user's
 * lockout (lockout.ts, 423), both counted in the database.
 *
 * The database decides them under an address lock and a user lock (for every instance). On one instance the
 * attempts of one address, then of one user, queue here first: a burst of three hundred from one address then
 * holds one pooled connection, not all of them while they wait for each other's lock, and the other users of
 * the instance (whose requests need a connection within seconds, or get 503) do not wait behind the burst.
 */
export function createAttemptGate(
  repository: Pick<AuthRepository, 'reserveAttempt' | 'reserveAddressAttempt'>,
  clock: Clock,
) {
  const addresses = createKeyedQueue();
  const users = createKeyedQueue();
  return {
    /**
     * Lets the attempt be checked, or refuses it: 429 while its client address is throttled, 423 while the user
     * is locked. An admitted attempt is already counted as a failure of both (see reserveAttempt), so a burst of
     * parallel attempts gets no more checks than a series allows.
     */
    async admit(tenant: Tenant, username: string, clientIp: string, now: Date) {
      const address = addressKey(clientIp);
      const reservation = await addresses.run(address, () =>
        users.run(`${tenant.id}/${username}`, () =>
          repository.reserveAttempt({
            tenantId: tenant.id,
            username,
            address,
            at: now,
            forgetUserBefore: new Date(now.getTime() - FAILURE_MEMORY_MS),
            forgetAddressBefore: new Date(now.getTime() - ADDRESS_WINDOW_MS),
            userMayTry: (earlier) => lockedUntil(earlier, now) === null,
            addressMayTry: (earlier) => throttledUntil(earlier, now) === null,
          }),
        ),
      );
      if (reservation.refusedBy === 'address')
        throw throttled(throttledUntil(reservation.attempts, now)!, now);
      if (reservation.refusedBy === 'user') throw locked(lockedUntil(reservation.failures, now)!, now);
      return reservation;
    },

    /** A checked attempt that failed: 423 when it completed a series of failures, `refusal` otherwise. */
    refusalAfter(failures: Date[], now: Date, refusal: AppError): AppError {
      const until = lockedUntil([...failures, now], now);
      return until ? locked(until, now) : refusal;
    },

    /**
     * Counts a request that may be guessing but is no sign-in (a recovery request) against the client's address:
     * 429 when the address is throttled, and then nothing is counted.
     */
    async countAddressAttempt(clientIp: string): Promise<void> {
      const now = clock.now();
      const address = addressKey(clientIp);
      const refused = await addresses.run(address, () =>
        repository.reserveAddressAttempt(
          address,
          now,
          new Date(now.getTime() - ADDRESS_WINDOW_MS),
          (earlier) => throttledUntil(earlier, now) === null,
        ),
      );
      if (refused) throw throttled(throttledUntil(refused, now)!, now);
    },
  };
}
