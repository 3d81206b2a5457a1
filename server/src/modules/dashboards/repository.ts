import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import { MAX_ORDER, type Widget } from '#contracts';
import type { Database } from '../../db/client';
import { dashboards, type DashboardRow } from '../../db/schema';
import { groupQueries } from './groups-repository';
import { createListView } from './list-view';
import { ofOwner, type Owner } from './owner';

export type DashboardListRow = Omit<DashboardRow, 'widgets'>;

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

    /**
     * The dashboard, its row locked until the transaction ends: saves that rewrite its widgets from what they read
     * (a whole save, a widget save, an annotations save) run one after the other instead of overwriting each other.
     */
    async lockDashboard(owner: Owner, id: string): Promise<DashboardRow | undefined> {
      const [row] = await db
        .select()
        .from(dashboards)
        .where(and(ofOwner(owner), eq(dashboards.id, id)))
        .limit(1)
        .for('update');
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
      // A dashboard at the last allowed order leaves the next one there too, rather than past what int4 holds.
      return row?.last === null || row?.last === undefined ? 0 : Math.min(row.last + 1, MAX_ORDER);
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
    async saveDashboard(
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

    /**
     * Stores widgets without bumping the version: for annotations, saved on their own, so an editor holding the
     * dashboard open still saves at the version it loaded.
     */
    async writeWidgets(owner: Owner, id: string, widgets: Widget[]): Promise<void> {
      await db
        .update(dashboards)
        .set({ widgets, updatedAt: sql`now()` })
        .where(and(ofOwner(owner), eq(dashboards.id, id)));
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
  };
}

/** The queries, over the database or over a transaction. */
const queries = (db: Database) => ({ ...dashboardQueries(db), ...groupQueries(db) });

export type DashboardQueries = ReturnType<typeof queries>;

export function createDashboardsRepository(db: Database) {
  return {
    ...queries(db),
    listView: createListView(db),
    /** Runs `work` in one transaction, with the queries over it. */
    transaction<T>(work: (tx: DashboardQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(queries(tx as unknown as Database)));
    },
  };
}

export type DashboardsRepository = ReturnType<typeof createDashboardsRepository>;
