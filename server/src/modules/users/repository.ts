import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users, type StoredAuthority } from '../../db/schema';

/** What the user list reads of a user. */
export interface ListedUser {
  id: string;
  username: string;
  email: string | null;
  authorities: StoredAuthority[];
  disabled: boolean;
}

export interface NewUser {
  tenantId: string;
  username: string;
  email: string;
  passwordHash: string;
  authorities: StoredAuthority[];
}

const listed = {
  id: users.id,
  username: users.username,
  email: users.email,
  authorities: users.authorities,
  disabled: users.disabled,
};

/** Every query names its tenant: an administrator sees and changes only the users of their own tenant. */
export function createUsersRepository(db: Database) {
  return {
    async list(tenantId: string): Promise<ListedUser[]> {
      return db
        .select(listed)
        .from(users)
        .where(eq(users.tenantId, tenantId))
        .orderBy(asc(sql`lower(${users.username})`), asc(users.id));
    },

    async find(tenantId: string, userId: string): Promise<ListedUser | undefined> {
      const [row] = await db
        .select(listed)
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
        .limit(1);
      return row;
    },

    /** The new user, or undefined when the tenant has that username already (in any case). */
    async create(user: NewUser): Promise<ListedUser | undefined> {
      const [row] = await db.insert(users).values(user).onConflictDoNothing().returning(listed);
      return row;
    },

    async setDisabled(tenantId: string, userId: string, disabled: boolean): Promise<ListedUser | undefined> {
      const [row] = await db
        .update(users)
        .set({ disabled })
        .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
        .returning(listed);
      return row;
    },

    /** Takes back a user whose setup e-mail could not be queued, so the username can be used again. */
    async remove(tenantId: string, userId: string): Promise<void> {
      await db.delete(users).where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
