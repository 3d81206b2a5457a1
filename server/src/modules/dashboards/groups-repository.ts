import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dashboardGroups, dashboards, type DashboardGroupRow } from '../../db/schema';
import { groupsOfOwner, ofOwner, type Owner } from './owner';

/** The groups' queries and their membership (a dashboard's groupId), over the database or over a transaction. */
export function groupQueries(db: Database) {
  return {
    async findGroup(owner: Owner, id: string): Promise<DashboardGroupRow | undefined> {
      const [row] = await db
        .select()
        .from(dashboardGroups)
        .where(and(groupsOfOwner(owner), eq(dashboardGroups.id, id)))
        .limit(1);
      return row;
    },

    async groupNameTaken(owner: Owner, name: string, exceptId?: string): Promise<boolean> {
      const rows = await db
        .select({ id: dashboardGroups.id })
        .from(dashboardGroups)
        .where(
          and(
            groupsOfOwner(owner),
            eq(sql`lower(${dashboardGroups.name})`, name.toLowerCase()),
            exceptId ? ne(dashboardGroups.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async insertGroup(
      owner: Owner,
      values: { name: string; order: number; expanded: boolean },
    ): Promise<DashboardGroupRow> {
      const [row] = await db
        .insert(dashboardGroups)
        .values({ ...owner, ...values })
        .returning();
      return row!;
    },

    async updateGroup(
      owner: Owner,
      id: string,
      values: Partial<{ name: string; order: number; expanded: boolean }>,
    ): Promise<void> {
      await db
        .update(dashboardGroups)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(groupsOfOwner(owner), eq(dashboardGroups.id, id)));
    },

    async deleteGroup(owner: Owner, id: string): Promise<boolean> {
      const rows = await db
        .delete(dashboardGroups)
        .where(and(groupsOfOwner(owner), eq(dashboardGroups.id, id)))
        .returning({ id: dashboardGroups.id });
      return rows.length > 0;
    },

    /** The group holds exactly `ids`: others in it go back to the top level, the listed ones join it. */
    async setGroupMembers(owner: Owner, groupId: string, ids: string[]): Promise<void> {
      await db
        .update(dashboards)
        .set({ groupId: null })
        .where(
          and(
            ofOwner(owner),
            eq(dashboards.groupId, groupId),
            ids.length > 0 ? notInArray(dashboards.id, ids) : undefined,
          ),
        );
      if (ids.length > 0) {
        await db
          .update(dashboards)
          .set({ groupId })
          .where(and(ofOwner(owner), inArray(dashboards.id, ids)));
      }
    },

    /** Returns a group's dashboards to the top level. */
    async ungroup(owner: Owner, groupId: string): Promise<void> {
      await db
        .update(dashboards)
        .set({ groupId: null })
        .where(and(ofOwner(owner), eq(dashboards.groupId, groupId)));
    },

    async setGroupOrder(owner: Owner, id: string, order: number): Promise<void> {
      await db
        .update(dashboardGroups)
        .set({ order })
        .where(and(groupsOfOwner(owner), eq(dashboardGroups.id, id)));
    },
  };
}
