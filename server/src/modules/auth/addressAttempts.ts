import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { addressAttempts } from '../../db/schema';

/**
 * The attempts of one client address (throttle.ts), for a transaction that decides on a new one: takes the
 * address's lock (held to the transaction's end, so parallel attempts from the address see each other, on any
 * instance), forgets every address's attempts older than `forgetBefore` and answers this address's others.
 */
export async function lockAddress(tx: Database, address: string, forgetBefore: Date): Promise<Date[]> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`address/${address}`}, 0))`);
  await tx.delete(addressAttempts).where(lt(addressAttempts.attemptedAt, forgetBefore));
  const rows = await tx
    .select({ at: addressAttempts.attemptedAt })
    .from(addressAttempts)
    .where(eq(addressAttempts.address, address));
  return rows.map((row) => row.at);
}

/** Counts an attempt against the address (under lockAddress); answers its id, to release it if it was no guess. */
export async function countAddressAttempt(tx: Database, address: string, at: Date): Promise<number> {
  const [row] = await tx
    .insert(addressAttempts)
    .values({ address, attemptedAt: at })
    .returning({ id: addressAttempts.id });
  return row!.id;
}

/** Forgets counted attempts that turned out not to be guesses (a right password, a code step asked for). */
export async function releaseAddressAttempts(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.delete(addressAttempts).where(inArray(addressAttempts.id, [...ids]));
}
