/**
 * The audit trail: what people changed, append-only, a hash chain per tenant (issue 30). Other modules record an
 * entry with the one function
 *
 *   recordAudit(db: Database, entry: AuditChange): Promise<AuditEntry>
 *
 *   await recordAudit(db, {
 *     by: request.session!,          // the AuthSession (switched: the administrator, acting as the account), or an AuditActor
 *     action: 'limit.change',        // AUDIT_ACTIONS (#contracts): noun.verb
 *     target: 'department 0A1B2C/2', // what was changed, as a person reads it
 *     hexacode: '0A1B2C',            // optional: the device it concerns (the trail is searched by it)
 *     before: { high: 5 },           // optional, any JSON; undefined fields are dropped
 *     after: { high: 4 },
 *     at: clock.now(),
 *   });
 *
 * Appends of one tenant are serialised by a transaction-level advisory lock, so concurrent requests and several
 * instances never fork the chain; inside a caller's transaction the entry commits (or rolls back) with it.
 */
import { createHash } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { AuditAction } from '#contracts';
import type { Database } from '../../db/client';
import { auditEntries, users } from '../../db/schema';
import type { AuthSession } from '../auth/service';

/** Who made a change when no session is at hand (a command line tool, a test). */
export interface AuditActor {
  tenantId: string;
  userId: string | null;
  username: string;
  actingAs?: { id: string; username: string } | null;
}

export interface AuditChange {
  by: AuthSession | AuditActor;
  action: AuditAction;
  target: string;
  hexacode?: string | null;
  before?: unknown;
  after?: unknown;
  at: Date;
}

export type AuditEntry = typeof auditEntries.$inferSelect;

/** The prevHash of a tenant's first entry. */
export const GENESIS_HASH = '0'.repeat(64);
/** The first key of the two-key advisory lock of audit appends (the second is the tenant's). */
const AUDIT_LOCK_CLASS = 727_014;

/** JSON with every object's keys sorted, so a value hashes the same after a round trip through jsonb. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A stored value as jsonb keeps it: undefined dropped, dates as text; null when there is none. */
const asJson = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/** The hash of an entry: SHA-256 over its fields and the previous entry's hash. */
export function hashOf(entry: Omit<AuditEntry, 'id' | 'hash'>): string {
  const fields = [
    entry.tenantId,
    entry.seq,
    entry.at.toISOString(),
    entry.userId,
    entry.username,
    entry.actingAsId,
    entry.actingAsUsername,
    entry.action,
    entry.target,
    entry.hexacode,
    entry.before,
    entry.after,
    entry.prevHash,
  ];
  return createHash('sha256').update(canonical(fields)).digest('hex');
}

const isSession = (by: AuthSession | AuditActor): by is AuthSession => 'tokenHash' in by;

/** Who did it: while switched, the administrator (the session's source), acting as the session's user. */
async function actorOf(db: Database, by: AuthSession | AuditActor): Promise<AuditActor> {
  if (!isSession(by)) return by;
  const { user, tenant, sourceUserId } = by;
  if (!sourceUserId) return { tenantId: tenant.id, userId: user.id, username: user.username };
  const [source] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, sourceUserId))
    .limit(1);
  return {
    tenantId: tenant.id,
    userId: sourceUserId,
    username: source?.username ?? sourceUserId,
    actingAs: { id: user.id, username: user.username },
  };
}

/** Appends one entry to its tenant's chain (see the top of this file). */
export async function recordAudit(db: Database, change: AuditChange): Promise<AuditEntry> {
  const actor = await actorOf(db, change.by);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_CLASS}, hashtext(${actor.tenantId}))`);
    const [last] = await tx
      .select({ seq: auditEntries.seq, hash: auditEntries.hash })
      .from(auditEntries)
      .where(eq(auditEntries.tenantId, actor.tenantId))
      .orderBy(desc(auditEntries.seq))
      .limit(1);
    const entry = {
      tenantId: actor.tenantId,
      seq: (last?.seq ?? 0) + 1,
      at: change.at,
      userId: actor.userId,
      username: actor.username,
      actingAsId: actor.actingAs?.id ?? null,
      actingAsUsername: actor.actingAs?.username ?? null,
      action: change.action,
      target: change.target,
      hexacode: change.hexacode ?? null,
      before: asJson(change.before),
      after: asJson(change.after),
      prevHash: last?.hash ?? GENESIS_HASH,
    };
    const [row] = await tx
      .insert(auditEntries)
      .values({ ...entry, hash: hashOf(entry) })
      .returning();
    return row!;
  });
}
