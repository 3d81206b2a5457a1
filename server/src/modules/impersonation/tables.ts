import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sequentialId } from '../../db/columns';
import { tenantId } from '../tenancy/tables';
import { users } from '../users/tables';

export const IMPERSONATION_KINDS = ['switch', 'switchBack'] as const;
export type ImpersonationKind = (typeof IMPERSONATION_KINDS)[number];

/**
 * Every switch of account and switch back (modules/impersonation): impersonation is never silent. The usernames
 * are copied so the record still reads after an account is deleted (its id then becomes null).
 */
export const impersonationRecords = pgTable(
  'impersonation_records',
  {
    id: sequentialId(),
    tenantId: tenantId(),
    kind: text('kind').$type<ImpersonationKind>().notNull(),
    administratorId: uuid('administrator_id').references(() => users.id, { onDelete: 'set null' }),
    administratorUsername: text('administrator_username').notNull(),
    accountId: uuid('account_id').references(() => users.id, { onDelete: 'set null' }),
    accountUsername: text('account_username').notNull(),
    clientAddress: text('client_address').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** A switch's session (its token's hash), whose requests are its actions; null for a switch back. */
    sessionTokenHash: text('session_token_hash'),
  },
  (t) => [
    index('impersonation_records_tenant_at_idx').on(t.tenantId, t.at, t.id),
    index('impersonation_records_session_idx').on(t.sessionTokenHash),
  ],
);

/**
 * What was done while switched (modules/impersonation/actions.ts): each request of a switch's session that may
 * change something, written before it runs and given its status once answered (null: no answer was sent).
 */
export const impersonationActions = pgTable(
  'impersonation_actions',
  {
    id: sequentialId(),
    tenantId: tenantId(),
    recordId: bigint('record_id', { mode: 'number' })
      .notNull()
      .references(() => impersonationRecords.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    /** The URL's path, with the ids it names; never its query (it may carry a secret). */
    path: text('path').notNull(),
    statusCode: integer('status_code'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('impersonation_actions_record_idx').on(t.recordId, t.id)],
);
