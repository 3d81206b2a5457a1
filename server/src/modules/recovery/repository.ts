import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passwordTokens, tenants, users, type PasswordTokenKind } from '../../db/schema';

/** What a password e-mail needs to know of its user. */
export interface TokenOwner {
  id: string;
  tenantId: string;
  tenantName: string;
  username: string;
  email: string | null;
  languageCode: string;
}

export interface NewPasswordToken {
  tokenHash: string;
  tenantId: string;
  userId: string;
  kind: PasswordTokenKind;
  expiresAt: Date;
  createdAt: Date;
}

const owner = {
  id: users.id,
  tenantId: users.tenantId,
  tenantName: tenants.name,
  username: users.username,
  email: users.email,
  languageCode: sql<string>`coalesce(${users.settings} -> 'language' ->> 'code', ${users.languageCode})`,
};

/** Every query names its tenant: a token or an address of one tenant means nothing on another's host. */
export function createRecoveryRepository(db: Database) {
  const ownerQuery = () => db.select(owner).from(users).innerJoin(tenants, eq(tenants.id, users.tenantId));

  return {
    /** The tenant's users with this e-mail address (case ignored, as mail servers do). */
    async usersWithEmail(tenantId: string, email: string): Promise<TokenOwner[]> {
      return ownerQuery().where(
        and(eq(users.tenantId, tenantId), eq(sql`lower(${users.email})`, email.toLowerCase())),
      );
    },

    async findUser(tenantId: string, userId: string): Promise<TokenOwner | undefined> {
      const [row] = await ownerQuery()
        .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
        .limit(1);
      return row;
    },

    /**
     * Stores `token` unless `allowed` (told when the user's latest token of its kind was made) refuses it. Under a
     * per-user lock, so parallel requests cannot both pass a "not within the last minute" rule.
     */
    async createToken(token: NewPasswordToken, allowed: (latest: Date | null) => boolean): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(hashtextextended(${`password/${token.userId}`}, 0))`,
        );
        const ofUser = and(
          eq(passwordTokens.tenantId, token.tenantId),
          eq(passwordTokens.userId, token.userId),
        );
        const [latest] = await tx
          .select({ at: passwordTokens.createdAt })
          .from(passwordTokens)
          .where(and(ofUser, eq(passwordTokens.kind, token.kind)))
          .orderBy(desc(passwordTokens.createdAt))
          .limit(1);
        if (!allowed(latest?.at ?? null)) return false;
        // Housekeeping on the way: the user's expired links are of no further use.
        await tx.delete(passwordTokens).where(and(ofUser, lt(passwordTokens.expiresAt, token.createdAt)));
        await tx.insert(passwordTokens).values(token);
        return true;
      });
    },

    /** A stored token with its owner, live or not. */
    async findToken(tenantId: string, tokenHash: string) {
      const [row] = await db
        .select({
          kind: passwordTokens.kind,
          expiresAt: passwordTokens.expiresAt,
          usedAt: passwordTokens.usedAt,
          userId: passwordTokens.userId,
          username: users.username,
        })
        .from(passwordTokens)
        .innerJoin(users, eq(users.id, passwordTokens.userId))
        .where(and(eq(passwordTokens.tenantId, tenantId), eq(passwordTokens.tokenHash, tokenHash)))
        .limit(1);
      return row;
    },

    /**
     * Uses a live token to set its user's password, in one transaction: the token is marked used (only one of two
     * parallel uses gets it), the user's other tokens are voided and the hash stored. Undefined when the token was
     * not live.
     */
    async useToken(tenantId: string, tokenHash: string, passwordHash: string, now: Date) {
      return db.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordTokens.tenantId, tenantId),
              eq(passwordTokens.tokenHash, tokenHash),
              isNull(passwordTokens.usedAt),
              gt(passwordTokens.expiresAt, now),
            ),
          )
          .returning({ userId: passwordTokens.userId });
        if (!used) return undefined;
        await tx
          .delete(passwordTokens)
          .where(
            and(
              eq(passwordTokens.tenantId, tenantId),
              eq(passwordTokens.userId, used.userId),
              ne(passwordTokens.tokenHash, tokenHash),
            ),
          );
        const [user] = await tx
          .update(users)
          .set({ passwordHash })
          .where(and(eq(users.tenantId, tenantId), eq(users.id, used.userId)))
          .returning({ id: users.id, username: users.username });
        return user;
      });
    },
  };
}

export type RecoveryRepository = ReturnType<typeof createRecoveryRepository>;
