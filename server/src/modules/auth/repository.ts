import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginAttempts, sessions, tenants, users, type User } from '../../db/schema';
import { countAddressAttempt, lockAddress, releaseAddressAttempts } from './addressAttempts';

const LIVE_SESSION_BATCH = 10_000;

export interface AttemptToReserve {
  tenantId: string;
  /** Lower-cased. */
  username: string;
  /** The client's address, as addressKey counts it. */
  address: string;
  at: Date;
  forgetUserBefore: Date;
  forgetAddressBefore: Date;
  /** Whether the user, with these failures, may try now (not locked). */
  userMayTry: (failures: Date[]) => boolean;
  /** Whether the address, with these attempts, may try now (not throttled). */
  addressMayTry: (attempts: Date[]) => boolean;
}

/** The rows counting one admitted attempt: the user's failure and the address's attempt. */
export interface ReservedIds {
  attempt: number;
  addressAttempt: number;
}

export type Reservation =
  | { refusedBy: 'address'; attempts: Date[] }
  | { refusedBy: 'user'; failures: Date[] }
  | { refusedBy: null; failures: Date[]; ids: ReservedIds };

/** Every query names its tenant: rows of one tenant are never read or changed through another's host. */
export function createAuthRepository(db: Database) {
  return {
    async findUser(tenantId: string, username: string): Promise<User | undefined> {
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(sql`lower(${users.username})`, username.toLowerCase())))
        .limit(1);
      return user;
    },

    /**
     * Decides on one sign-in attempt and, when both the client's address and the user may try, records it as a
     * failure of both before the password is checked, all under their locks (the address's first, then the user's,
     * always in that order): parallel attempts then see each other, so no more are checked than a series allows (the
     * caller releases the records when the attempt turns out not to be a failure). The locks are transaction-scoped
     * advisory locks held only for these few statements, never while a password is hashed.
     */
    async reserveAttempt(attempt: AttemptToReserve): Promise<Reservation> {
      const { tenantId, username, address, at } = attempt;
      return db.transaction(async (tx) => {
        const addressAttempts = await lockAddress(tx, address, attempt.forgetAddressBefore);
        if (!attempt.addressMayTry(addressAttempts))
          return { refusedBy: 'address', attempts: addressAttempts };
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${tenantId}/${username}`}, 0))`,
        );
        const ofUser = and(eq(loginAttempts.tenantId, tenantId), eq(loginAttempts.username, username));
        await tx
          .delete(loginAttempts)
          .where(and(ofUser, lt(loginAttempts.attemptedAt, attempt.forgetUserBefore)));
        const failures = (
          await tx.select({ at: loginAttempts.attemptedAt }).from(loginAttempts).where(ofUser)
        ).map((row) => row.at);
        if (!attempt.userMayTry(failures)) return { refusedBy: 'user', failures };
        const [row] = await tx
          .insert(loginAttempts)
          .values({ tenantId, username, attemptedAt: at })
          .returning({ id: loginAttempts.id });
        const addressAttemptId = await countAddressAttempt(tx, address, at);
        return { refusedBy: null, failures, ids: { attempt: row!.id, addressAttempt: addressAttemptId } };
      });
    },

    /**
     * Counts one attempt of `address` that is not a sign-in (a recovery request), unless the address may not try:
     * then the address's recent attempts, and nothing is counted.
     */
    async reserveAddressAttempt(
      address: string,
      at: Date,
      forgetBefore: Date,
      mayTry: (attempts: Date[]) => boolean,
    ): Promise<Date[] | null> {
      return db.transaction(async (tx) => {
        const attempts = await lockAddress(tx, address, forgetBefore);
        if (!mayTry(attempts)) return attempts;
        await countAddressAttempt(tx, address, at);
        return null;
      });
    },

    /** Forgets the records reserveAttempt made of an attempt that was not a failure after all. */
    async releaseAttempt(ids: ReservedIds): Promise<void> {
      await db.delete(loginAttempts).where(eq(loginAttempts.id, ids.attempt));
      await releaseAddressAttempts(db, [ids.addressAttempt]);
    },

    /**
     * Records that the TOTP code of `step` signed `userId` in, unless that step or a later one already did: true
     * when this call claimed it. One statement, so two instances cannot both accept the same code.
     */
    async claimTotpStep(userId: string, step: number): Promise<boolean> {
      const claimed = await db
        .update(users)
        .set({ mfaLastStep: step })
        .where(and(eq(users.id, userId), or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step))))
        .returning({ id: users.id });
      return claimed.length > 0;
    },

    async clearFailures(tenantId: string, username: string): Promise<void> {
      await db
        .delete(loginAttempts)
        .where(and(eq(loginAttempts.tenantId, tenantId), eq(loginAttempts.username, username)));
    },

    async createSession(values: typeof sessions.$inferInsert, now: Date): Promise<void> {
      // Housekeeping on the way: the user's expired sessions are of no further use.
      await db.delete(sessions).where(and(eq(sessions.userId, values.userId), lt(sessions.expiresAt, now)));
      await db.insert(sessions).values(values);
    },

    async findSession(tenantId: string, tokenHash: string, now: Date) {
      const [row] = await db
        .select({ session: sessions, user: users, tenant: tenants })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .innerJoin(tenants, eq(tenants.id, sessions.tenantId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            eq(sessions.tenantId, tenantId),
            gt(sessions.expiresAt, now),
          ),
        )
        .limit(1);
      return row;
    },

    /** Whether a session of this tenant was there to delete. */
    async deleteSession(tenantId: string, tokenHash: string): Promise<boolean> {
      const deleted = await db
        .delete(sessions)
        .where(and(eq(sessions.tokenHash, tokenHash), eq(sessions.tenantId, tenantId)))
        .returning({ tokenHash: sessions.tokenHash });
      return deleted.length > 0;
    },

    /** Ends every session of a user; answers the token hashes of those it deleted. */
    async deleteSessionsOf(tenantId: string, userId: string): Promise<string[]> {
      const deleted = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.tenantId, tenantId)))
        .returning({ tokenHash: sessions.tokenHash });
      return deleted.map((row) => row.tokenHash);
    },

    /** Which of these sessions still exist and have not expired at `now`. */
    async liveTokenHashes(tokenHashes: readonly string[], now: Date): Promise<Set<string>> {
      const live = new Set<string>();
      // One query for all of them, unless there are so many that PostgreSQL's bind-parameter limit (65,535) needs
      // more than one.
      for (let i = 0; i < tokenHashes.length; i += LIVE_SESSION_BATCH) {
        const rows = await db
          .select({ tokenHash: sessions.tokenHash })
          .from(sessions)
          .where(
            and(
              inArray(sessions.tokenHash, tokenHashes.slice(i, i + LIVE_SESSION_BATCH)),
              gt(sessions.expiresAt, now),
            ),
          );
        for (const row of rows) live.add(row.tokenHash);
      }
      return live;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
