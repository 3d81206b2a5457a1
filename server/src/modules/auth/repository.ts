import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginAttempts, sessions, tenants, users, type User } from '../../db/schema';

const LIVE_SESSION_BATCH = 10_000;

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
     * Decides on one sign-in attempt and, when `admits` lets it through, records it as a failure before the password
     * is checked, all under a per-user lock: parallel attempts then see each other, so no more are checked than a
     * series allows (the caller releases the record when the attempt turns out not to be a failure). The lock is a
     * transaction-scoped advisory lock held only for these few statements, never while a password is hashed.
     */
    async reserveAttempt(
      tenantId: string,
      username: string,
      at: Date,
      forgetBefore: Date,
      admits: (failures: Date[]) => boolean,
    ): Promise<{ failures: Date[]; attemptId: number | null }> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${tenantId}/${username}`}, 0))`,
        );
        const ofUser = and(eq(loginAttempts.tenantId, tenantId), eq(loginAttempts.username, username));
        await tx.delete(loginAttempts).where(and(ofUser, lt(loginAttempts.attemptedAt, forgetBefore)));
        const failures = (
          await tx.select({ at: loginAttempts.attemptedAt }).from(loginAttempts).where(ofUser)
        ).map((row) => row.at);
        if (!admits(failures)) return { failures, attemptId: null };
        const [row] = await tx
          .insert(loginAttempts)
          .values({ tenantId, username, attemptedAt: at })
          .returning({ id: loginAttempts.id });
        return { failures, attemptId: row!.id };
      });
    },

    /** Forgets an attempt recorded by reserveAttempt that was not a failure after all. */
    async releaseAttempt(attemptId: number): Promise<void> {
      await db.delete(loginAttempts).where(eq(loginAttempts.id, attemptId));
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
