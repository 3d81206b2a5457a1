import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Widget } from '#contracts';
import { createdAt, updatedAt, randomId } from '../../db/columns';
import { tenantId } from '../tenancy/tables';
import { userId } from '../users/tables';

/** A user's folder of dashboards in the sidebar. */
export const dashboardGroups = pgTable(
  'dashboard_groups',
  {
    id: randomId(),
    tenantId: tenantId(),
    userId: userId(),
    name: text('name').notNull(),
    order: integer('order').notNull().default(0),
    expanded: boolean('expanded').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Group names are unique per user, ignoring case (the validate call says so before a save).
  (t) => [uniqueIndex('dashboard_groups_user_name_idx').on(t.tenantId, t.userId, sql`lower(${t.name})`)],
);

/** A personal dashboard; its widgets are one JSON document, validated with the contracts' widget registry. */
export const dashboards = pgTable(
  'dashboards',
  {
    id: randomId(),
    tenantId: tenantId(),
    userId: userId(),
    name: text('name').notNull(),
    favorite: boolean('favorite').notNull().default(false),
    order: integer('order').notNull().default(0),
    groupId: uuid('group_id').references(() => dashboardGroups.id, { onDelete: 'set null' }),
    widgets: jsonb('widgets').$type<Widget[]>().notNull().default([]),
    breakpoint: text('breakpoint').notNull().default('lg'),
    /** Grows by one with every save: a save from an older copy is refused (optimistic concurrency). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('dashboards_user_idx').on(t.tenantId, t.userId),
    index('dashboards_group_idx').on(t.groupId),
    // At most one favorite a user, whatever races between two tabs.
    uniqueIndex('dashboards_one_favorite_idx')
      .on(t.userId)
      .where(sql`${t.favorite}`),
  ],
);

export type DashboardRow = typeof dashboards.$inferSelect;
export type DashboardGroupRow = typeof dashboardGroups.$inferSelect;
