import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sequentialId } from '../../db/columns';
import { tenants } from '../tenancy/tables';

/**
 * The audit trail (modules/audit): what people changed, append-only, a hash chain per tenant. The database refuses
 * UPDATE, DELETE and TRUNCATE on it (a trigger), so no route and no slip of code rewrites what happened.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: sequentialId(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** 1, 2, 3… per tenant, without gaps: a missing number is a deleted entry. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Who did it (the administrator, while switched); no foreign key: the record outlives the account. */
    userId: uuid('user_id'),
    username: text('username').notNull(),
    /** The account an administrator acted as (switch account), or null. */
    actingAsId: uuid('acting_as_id'),
    actingAsUsername: text('acting_as_username'),
    action: text('action').notNull(),
    target: text('target').notNull(),
    /** The device the entry is about, if any (the trail is searched by it). */
    hexacode: text('hexacode'),
    before: jsonb('before'),
    after: jsonb('after'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('audit_entries_tenant_seq_idx').on(t.tenantId, t.seq),
    index('audit_entries_tenant_at_idx').on(t.tenantId, t.at),
  ],
);
