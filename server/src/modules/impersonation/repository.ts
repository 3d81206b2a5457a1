import { and, asc, count, desc, eq, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AccountPageRequest } from '#contracts';
import type { Database } from '../../db/client';
import { impersonationActions, impersonationRecords, users, type User } from '../../db/schema';

export type ImpersonationRecordRow = typeof impersonationRecords.$inferSelect;
export type NewImpersonationRecord = Omit<typeof impersonationRecords.$inferInsert, 'id'>;
type ShownAction = Omit<typeof impersonationActions.$inferSelect, 'tenantId'>;
export type NewImpersonationAction = Omit<typeof impersonationActions.$inferInsert, 'id' | 'recordId'> & {
  sessionTokenHash: string;
};

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

    /**
     * Writes down a request of a switch's session (named by its token's hash) under that switch's record, with its
     * status when already known; answers its id, or null when no switch of the tenant has that session.
     */
    async recordAction(action: NewImpersonationAction): Promise<number | null> {
      const [record] = await db
        .select({ id: impersonationRecords.id })
        .from(impersonationRecords)
        .where(
          and(
            eq(impersonationRecords.tenantId, action.tenantId),
            eq(impersonationRecords.sessionTokenHash, action.sessionTokenHash),
          ),
        )
        .orderBy(desc(impersonationRecords.id))
        .limit(1);
      if (!record) return null;
      const { sessionTokenHash: _session, ...values } = action;
      const [row] = await db
        .insert(impersonationActions)
        .values({ ...values, recordId: record.id })
        .returning({ id: impersonationActions.id });
      return row!.id;
    },

    async finishAction(id: number, statusCode: number): Promise<void> {
      await db.update(impersonationActions).set({ statusCode }).where(eq(impersonationActions.id, id));
    },

    /** The first `shown` actions of each of these records, oldest first, and how many each has. */
    async actionsOf(tenantId: string, recordIds: readonly number[], shown: number) {
      const found = new Map<number, { shown: ShownAction[]; total: number }>();
      if (recordIds.length === 0) return found;
      const ofRecords = and(
        eq(impersonationActions.tenantId, tenantId),
        inArray(impersonationActions.recordId, [...recordIds]),
      );
      const numbered = db
        .select({
          id: impersonationActions.id,
          recordId: impersonationActions.recordId,
          method: impersonationActions.method,
          path: impersonationActions.path,
          statusCode: impersonationActions.statusCode,
          at: impersonationActions.at,
          n: sql<number>`row_number() over (partition by ${impersonationActions.recordId} order by ${impersonationActions.id})`.as(
            'n',
          ),
        })
        .from(impersonationActions)
        .where(ofRecords)
        .as('numbered');
      const rows = await db.select().from(numbered).where(lte(numbered.n, shown));
      const totals = await db
        .select({ recordId: impersonationActions.recordId, total: count() })
        .from(impersonationActions)
        .where(ofRecords)
        .groupBy(impersonationActions.recordId);
      for (const { recordId, total } of totals) found.set(recordId, { shown: [], total });
      for (const row of rows) found.get(row.recordId)?.shown.push(row);
      for (const entry of found.values()) entry.shown.sort((a, b) => a.id - b.id);
      return found;
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
