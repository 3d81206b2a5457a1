/** The ids of what a user owns, by kind: what the sweeps put into id slots. */
import { asc, eq } from 'drizzle-orm';
import type { DeviceTreeItem } from '#contracts';
import type { Database } from '../db/client';
import { dashboardGroups, dashboards, pushSubscriptions } from '../db/schema';
import type { Caller } from './callers';
import type { IdKind } from './slots';

export type Ids = Record<IdKind, string[]>;

const unique = (values: (string | undefined | null)[]) => [
  ...new Set(values.filter((value): value is string => typeof value === 'string' && value !== '')),
];

/**
 * Dashboards, groups, widgets and their elements and push subscriptions from the database; devices from the user's
 * device tree.
 */
export async function idsOf(db: Database, caller: Caller): Promise<Ids> {
  const ownDashboards = await db.select().from(dashboards).where(eq(dashboards.userId, caller.userId));
  const groups = await db.select().from(dashboardGroups).where(eq(dashboardGroups.userId, caller.userId));
  const widgets = ownDashboards.flatMap((dashboard) => dashboard.widgets);
  const tree = (await caller.call<DeviceTreeItem[]>('GET', '/api/v2/devices/')).flatMap(function flat(
    item: DeviceTreeItem,
  ): DeviceTreeItem[] {
    return [item, ...item.devices.flatMap(flat)];
  });
  return {
    dashboard: unique(ownDashboards.map((d) => d.id)),
    group: unique(groups.map((g) => g.id)),
    widget: unique(widgets.map((w) => w.id)),
    element: unique(
      widgets.flatMap((w) => [
        ...(w.elements ?? []).map((e) => e.id),
        ...(w.markAreaElements ?? []).map((a) => a.id),
      ]),
    ),
    hexacode: unique(tree.flatMap((item) => [item.hexacode, item.rawHexacode])),
    key: unique(tree.flatMap((item) => [item.key, ...item.departments.map((d) => d.key)])),
    user: [caller.userId],
    endpoint: unique(
      (
        await db
          .select({ endpoint: pushSubscriptions.endpoint })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, caller.userId))
      ).map((row) => row.endpoint),
    ),
  };
}

export const allIds = (ids: Ids): string[] => unique(Object.values(ids).flat());

/** Ids that belong together: a dashboard (at its version), one of its widgets and that widget's first element. */
export type Bundle = Partial<Record<IdKind, string>> & { version?: number };

/** One bundle per widget of each of the user's dashboards (one for a dashboard without widgets). */
export async function bundlesOf(db: Database, caller: Caller, ids: Ids): Promise<Bundle[]> {
  const rows = await db
    .select()
    .from(dashboards)
    .where(eq(dashboards.userId, caller.userId))
    .orderBy(asc(dashboards.createdAt), asc(dashboards.id));
  return rows.flatMap((row) =>
    (row.widgets.length > 0 ? row.widgets : [undefined]).map((widget) => ({
      dashboard: row.id,
      version: row.version,
      widget: widget?.id,
      element: widget?.elements?.[0]?.id ?? widget?.markAreaElements?.[0]?.id,
      group: row.groupId ?? ids.group[0],
      hexacode: ids.hexacode[0],
      key: ids.key[0],
      user: caller.userId,
    })),
  );
}
