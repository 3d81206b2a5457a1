import { and, asc, eq, inArray, max, ne, notInArray, sql } from 'drizzle-orm';
import type { Widget } from '../../../../src/services/contracts';
import type { Database } from '../../db/client';
import { dashboardGroups, dashboards, type DashboardGroupRow, type DashboardRow } from '../../db/schema';

/** Whose dashboards: every query is scoped by both, so another user's or tenant's rows simply do not exist. */
export interface Owner {
  tenantId: string;
  userId: string;
}

export type DashboardListRow = Omit<DashboardRow, 'widgets'>;

const ofOwner = ({ tenantId, userId }: Owner) =>
  and(eq(dashboards.tenantId, tenantId), eq(dashboards.userId, userId));
const groupsOfOwner = ({ tenantId, userId }: Owner) =>
  and(eq(dashboardGroups.tenantId, tenantId), eq(dashboardGroups.userId, userId));
const byOrder = [asc(dashboards.order), asc(dashboards.name), asc(dashboards.id)];

const listColumns = {
  id: dashboards.id,
  tenantId: dashboards.tenantId,
  userId: dashboards.userId,
  name: dashboards.name,
  favorite: dashboards.favorite,
  order: dashboards.order,
  groupId: dashboards.groupId,
  breakpoint: dashboards.breakpoint,
  version: dashboards.version,
  createdAt: dashboards.createdAt,
  updatedAt: dashboards.updatedAt,
};

/** The queries, over the database or over a transaction. */
function dashboardQueries(db: Database) {
  return {
    listDashboards(owner: Owner): Promise<DashboardListRow[]> {
      return db
        .select(listColumns)
        .from(dashboards)
        .where(ofOwner(owner))
        .orderBy(...byOrder);
    },

    async findDashboard(owner: Owner, id: string): Promise<DashboardRow | undefined> {
      const [row] = await db
        .select()
        .from(dashboards)
        .where(and(ofOwner(owner), eq(dashboards.id, id)))
        .limit(1);
      return row;
    },

    /** Ids among `ids` that are the owner's dashboards. */
    async ownedDashboardIds(owner: Owner, ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: dashboards.id })
        .from(dashboards)
        .where(and(ofOwner(owner), inArray(dashboards.id, ids)));
      return rows.map((row) => row.id);
    },

    async nextOrder(owner: Owner): Promise<number> {
      const [row] = await db
        .select({ last: max(dashboards.order) })
        .from(dashboards)
        .where(ofOwner(owner));
      return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
    },

    async hasFavorite(owner: Owner): Promise<boolean> {
      const rows = await db
        .select({ id: dashboards.id })
        .from(dashboards)
        .where(and(ofOwner(owner), eq(dashboards.favorite, true)))
        .limit(1);
      return rows.length > 0;
    },

    async insertDashboard(
      owner: Owner,
      values: { name: string; favorite: boolean; order: number; widgets?: Widget[] },
    ): Promise<DashboardRow> {
      const [row] = await db
        .insert(dashboards)
        .values({ ...owner, ...values })
        .returning();
      return row!;
    },

    /** Makes `id` the only favorite (none when null). */
    async setFavorite(owner: Owner, id: string | null): Promise<void> {
      await db
        .update(dashboards)
        .set({ favorite: false })
        .where(and(ofOwner(owner), eq(dashboards.favorite, true)));
      if (id) {
        await db
          .update(dashboards)
          .set({ favorite: true })
          .where(and(ofOwner(owner), eq(dashboards.id, id)));
      }
    },

    /** Saves when the stored version is still `expectedVersion`, bumping it; undefined otherwise. */
    async updateDashboard(
      owner: Owner,
      id: string,
      expectedVersion: number,
      values: Partial<{ name: string; widgets: Widget[]; breakpoint: string; groupId: string | null }>,
    ): Promise<DashboardRow | undefined> {
      const [row] = await db
        .update(dashboards)
        .set({ ...values, version: sql`${dashboards.version} + 1`, updatedAt: sql`now()` })
        .where(and(ofOwner(owner), eq(dashboards.id, id), eq(dashboards.version, expectedVersion)))
        .returning();
      return row;
    },

    async deleteDashboard(owner: Owner, id: string): Promise<DashboardListRow | undefined> {
      const [row] = await db
        .delete(dashboards)
        .where(and(ofOwner(owner), eq(dashboards.id, id)))
        .returning(listColumns);
      return row;
    },

    async firstDashboard(owner: Owner): Promise<string | undefined> {
      const [row] = await db
        .select({ id: dashboards.id })
        .from(dashboards)
        .where(ofOwner(owner))
        .orderBy(...byOrder)
        .limit(1);
      return row?.id;
    },

    async setDashboardOrder(owner: Owner, id: string, order: number): Promise<void> {
      await db
        .update(dashboards)
        .set({ order })
        .where(and(ofOwner(owner), eq(dashboards.id, id)));
    },

    listGroups(owner: Owner): Promise<DashboardGroupRow[]> {
      return db
        .select()
        .from(dashboardGroups)
        .where(groupsOfOwner(owner))
        .orderBy(asc(dashboardGroups.order), asc(dashboardGroups.name), asc(dashboardGroups.id));
    },

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

export type DashboardQueries = ReturnType<typeof dashboardQueries>;

export function createDashboardsRepository(db: Database) {
  return {
    ...dashboardQueries(db),
    /** Runs `work` in one transaction, with the queries over it. */
    transaction<T>(work: (tx: DashboardQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(dashboardQueries(tx as unknown as Database)));
    },
  };
}

export type DashboardsRepository = ReturnType<typeof createDashboardsRepository>;
