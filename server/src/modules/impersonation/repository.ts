import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AccountPageRequest } from '../../../../src/services/contracts';
import type { Database } from '../../db/client';
import { impersonationRecords, users, type User } from '../../db/schema';

export type ImpersonationRecordRow = typeof impersonationRecords.$inferSelect;
export type NewImpersonationRecord = Omit<typeof impersonationRecords.$inferInsert, 'id'>;

/** `text` as a LIKE pattern matching itself anywhere: the wildcards a user types are taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** Every query names its tenant: another tenant's accounts and records are never read through this host. */
export function createImpersonationRepository(db: Database) {
  return {
    async findAccount(tenantId: string, id: string): Promise<User | undefined> {
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
        .limit(1);
      return user;
    },

    /** One page of the tenant's accounts whose username or e-mail contains the hint, and how many match. */
    async pageAccounts(
      tenantId: string,
      request: AccountPageRequest,
    ): Promise<{ rows: User[]; total: number }> {
      const pattern = containing(request.searchHint);
      const where = and(
        eq(users.tenantId, tenantId),
        request.searchHint === ''
          ? undefined
          : or(ilike(users.username, pattern), ilike(users.email, pattern)),
      );
      const direction = request.sortDirection === 'ASC' ? asc : desc;
      // Case-insensitive, like sign-in; accounts without an e-mail come last either way; username breaks ties.
      const order: SQL[] =
        request.sortField === 'email'
          ? [sql`${users.email} IS NULL`, direction(sql`lower(${users.email})`)]
          : [];
      const rows = await db
        .select()
        .from(users)
        .where(where)
        .orderBy(...order, direction(sql`lower(${users.username})`), asc(users.id))
        .limit(request.pageLength)
        .offset(request.pageNumber * request.pageLength);
      const [total] = await db.select({ total: count() }).from(users).where(where);
      return { rows, total: total?.total ?? 0 };
    },

    async record(values: NewImpersonationRecord): Promise<void> {
      await db.insert(impersonationRecords).values(values);
    },

    /** A page of the tenant's records, newest first, and how many there are. */
    async pageRecords(
      tenantId: string,
      pageNumber: number,
      pageLength: number,
    ): Promise<{ rows: ImpersonationRecordRow[]; total: number }> {
      const ofTenant = eq(impersonationRecords.tenantId, tenantId);
      const rows = await db
        .select()
        .from(impersonationRecords)
        .where(ofTenant)
        .orderBy(desc(impersonationRecords.at), desc(impersonationRecords.id))
        .limit(pageLength)
        .offset(pageNumber * pageLength);
      const [total] = await db.select({ total: count() }).from(impersonationRecords).where(ofTenant);
      return { rows, total: total?.total ?? 0 };
    },
  };
}

export type ImpersonationRepository = ReturnType<typeof createImpersonationRepository>;
