import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { SupportKind } from '#contracts';
import { createdAt, randomId } from '../../db/columns';
import { tenantId } from '../tenancy/tables';
import { users } from '../users/tables';

/** Bug reports and feature requests (modules/support), kept whether or not their e-mail got through. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: randomId(),
    tenantId: tenantId(),
    /** The sender; kept when the account is deleted, as the report still says something. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    kind: text('kind').$type<SupportKind>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    email: text('email'),
    sendMeACopy: boolean('send_me_a_copy').notNull(),
    status: text('status').$type<'OPEN'>().notNull().default('OPEN'),
    createdAt: createdAt(),
  },
  (t) => [index('support_requests_tenant_idx').on(t.tenantId, t.createdAt)],
);
