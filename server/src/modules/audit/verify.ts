import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditEntries, tenants } from '../../db/schema';
import { GENESIS_HASH, hashOf, type AuditEntry } from './trail';

/** The first link of a tenant's chain that does not hold, and why. */
export interface BrokenLink {
  seq: number;
  /** The entry's row id, so an operator can look at it (and the one before). */
  id: number | null;
  reason: 'missing' | 'prevHash' | 'hash';
}

export interface ChainReport {
  tenant: string;
  /** How many entries hold from the first on (all of them when the chain is intact). */
  entries: number;
  broken: BrokenLink | null;
}

const PAGE = 1_000;

/** Where a chain stops holding: a number skipped (deleted), a link to the wrong entry, or an altered entry. */
type Link = { seq: number; hash: string };

function firstBrokenLink(
  entries: Iterable<AuditEntry>,
  start: Link = { seq: 0, hash: GENESIS_HASH },
): BrokenLink | { previous: Link } {
  let previous = start;
  for (const entry of entries) {
    if (entry.seq !== previous.seq + 1) return { seq: previous.seq + 1, id: null, reason: 'missing' };
    if (entry.prevHash !== previous.hash) return { seq: entry.seq, id: entry.id, reason: 'prevHash' };
    const { id: _id, hash, ...fields } = entry;
    if (hashOf(fields) !== hash) return { seq: entry.seq, id: entry.id, reason: 'hash' };
    previous = { seq: entry.seq, hash };
  }
  return { previous };
}

/** Walks one tenant's chain from its first entry, a page at a time. */
export async function verifyTenantChain(
  db: Database,
  tenantId: string,
): Promise<Omit<ChainReport, 'tenant'>> {
  let previous: Link = { seq: 0, hash: GENESIS_HASH };
  for (;;) {
    const page = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.tenantId, tenantId), gt(auditEntries.seq, previous.seq)))
      .orderBy(asc(auditEntries.seq))
      .limit(PAGE);
    const result = firstBrokenLink(page, previous);
    if (!('previous' in result)) return { entries: result.seq - 1, broken: result };
    previous = result.previous;
    if (page.length < PAGE) return { entries: previous.seq, broken: null };
  }
}

/** Every tenant's chain, in the order of their names. */
export async function verifyAllChains(db: Database): Promise<ChainReport[]> {
  const all = await db
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .orderBy(asc(tenants.name));
  const reports: ChainReport[] = [];
  for (const tenant of all)
    reports.push({ tenant: tenant.name, ...(await verifyTenantChain(db, tenant.id)) });
  return reports;
}
