import { and, desc, eq, gte, lt, lte, or, type SQL } from 'drizzle-orm';
import type { AuditQuery } from '#contracts';
import type { Database } from '../../db/client';
import { auditEntries } from '../../db/schema';
import type { AuditEntry } from './trail';
import { verifyTenantChain } from './verify';

/** Reads of the trail; always of one tenant. Nothing here (nor anywhere) updates or deletes an entry. */
export function createAuditRepository(db: Database) {
  return {
    /** The tenant's entries matching the query, newest first, at most `limit`. */
    async search(tenantId: string, query: AuditQuery): Promise<AuditEntry[]> {
      const filters: (SQL | undefined)[] = [
        eq(auditEntries.tenantId, tenantId),
        query.from ? gte(auditEntries.at, new Date(query.from)) : undefined,
        query.to ? lte(auditEntries.at, new Date(query.to)) : undefined,
        query.hexacode ? eq(auditEntries.hexacode, query.hexacode.toUpperCase()) : undefined,
        query.user
          ? or(eq(auditEntries.username, query.user), eq(auditEntries.actingAsUsername, query.user))
          : undefined,
        query.action ? eq(auditEntries.action, query.action) : undefined,
        query.before ? lt(auditEntries.seq, query.before) : undefined,
      ];
      return db
        .select()
        .from(auditEntries)
        .where(and(...filters))
        .orderBy(desc(auditEntries.seq))
        .limit(query.limit);
    },

    /** Whether the tenant's chain holds, walked from its first entry. */
    chain: (tenantId: string) => verifyTenantChain(db, tenantId),
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
