import { and, asc, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/** A table whose rows an instance claims for a while (a lease) before working on them: a queue, a schedule. */
type LeasedTable = PgTable & { id: AnyPgColumn; claimedUntil: AnyPgColumn };

/** Which rows are wanted: those `due` (besides unclaimed) at `now`, up to `limit`, first by `order`. */
interface DueRows {
  due: (SQL | undefined)[];
  order: AnyPgColumn;
  limit: number;
  now: Date;
}

/**
 * The ids of the due rows that no instance holds at `now` (never claimed, or the claim ran out: a crashed holder's
 * rows come back), locked FOR UPDATE SKIP LOCKED so that a second instance claiming at the same time skips them
 * instead of waiting. The subquery of the update that claims them.
 */
export function dueUnclaimedIds(db: Database, table: LeasedTable, { due, order, limit, now }: DueRows) {
  return db
    .select({ id: table.id })
    .from(table)
    .where(and(...due, or(isNull(table.claimedUntil), lte(table.claimedUntil, now))))
    .orderBy(asc(order))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** When a claim made at `now` for `leaseMs` runs out. */
export const leaseEnd = (now: Date, leaseMs: number) => new Date(now.getTime() + leaseMs);
