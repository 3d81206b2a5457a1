import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { tenantId } from '../tenancy/tables';
import { userId } from '../users/tables';

export const PASSWORD_TOKEN_KINDS = ['recover', 'setup'] as const;
export type PasswordTokenKind = (typeof PASSWORD_TOKEN_KINDS)[number];

/**
 * Single-use links that let a user choose a password (modules/recovery): 'recover' when they asked on
 * /forgot-password, 'setup' when an administrator created the account. Only the token's sha256 is kept.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    tenantId: tenantId(),
    userId: userId(),
    kind: text('kind').$type<PasswordTokenKind>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the password was chosen with it: the row stays so a second use is told which link it was. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_tokens_user_idx').on(t.tenantId, t.userId, t.createdAt)],
);
