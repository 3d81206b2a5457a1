// The steps the dashboard, group and widget rules share: finding the owner's rows, saving, answering.
import type { Dashboard, DashboardGroup, DashboardSummary } from '#contracts';
import type { DashboardGroupRow, DashboardRow } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { Owner } from './owner';
import type { DashboardListRow, DashboardQueries } from './repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids that are not UUIDs cannot name a row; they are answered like any other unknown id. */
export const isId = (id: string | null | undefined): id is string => typeof id === 'string' && UUID.test(id);

export const dashboardNotFound = () => notFound('DASHBOARD_NOT_FOUND', 'Dashboard not found');
const groupNotFound = () => notFound('DASHBOARD_GROUP_NOT_FOUND', 'Dashboards group not found');
const versionConflict = (currentVersion: number) =>
  new AppError(
    409,
    'DASHBOARD_VERSION_CONFLICT',
    'This dashboard was saved elsewhere since you opened it; reload it to get the latest version',
    {},
    { currentVersion },
  );

export const summaryOf = (row: DashboardListRow): DashboardSummary => ({
  id: row.id,
  name: row.name,
  favorite: row.favorite,
  order: row.order,
  groupId: row.groupId,
  breakpoint: row.breakpoint as DashboardSummary['breakpoint'],
  version: row.version,
});
export const dashboardOf = (row: DashboardRow): Dashboard => ({ ...summaryOf(row), widgets: row.widgets });

export const groupOf = (
  row: Pick<DashboardGroupRow, 'id' | 'name' | 'order' | 'expanded'>,
  members: readonly { id: string; groupId: string | null }[],
): DashboardGroup => ({
  id: row.id,
  name: row.name,
  order: row.order,
  expanded: row.expanded,
  dashboards: members.filter((d) => d.groupId === row.id).map((d) => d.id),
});

/** The owner's dashboard (404 otherwise); `lock` holds its row until the transaction ends (see lockDashboard). */
export async function loadDashboard(
  repo: DashboardQueries,
  owner: Owner,
  id: string,
  { lock = false } = {},
): Promise<DashboardRow> {
  const find = (valid: string) =>
    lock ? repo.lockDashboard(owner, valid) : repo.findDashboard(owner, valid);
  const row = isId(id) ? await find(id) : undefined;
  if (!row) throw dashboardNotFound();
  return row;
}

export async function loadGroup(repo: DashboardQueries, owner: Owner, id: string | undefined) {
  const row = isId(id) ? await repo.findGroup(owner, id) : undefined;
  if (!row) throw groupNotFound();
  return row;
}

/** Saves `values` if the dashboard is still at `expectedVersion` (409 with the current version otherwise). */
export async function saveDashboard(
  repo: DashboardQueries,
  owner: Owner,
  row: DashboardRow,
  expectedVersion: number,
  values: Parameters<DashboardQueries['saveDashboard']>[3],
): Promise<Dashboard> {
  if (row.version !== expectedVersion) throw versionConflict(row.version);
  const saved = await repo.saveDashboard(owner, row.id, expectedVersion, values);
  if (!saved) {
    // Saved by someone else between our read and our write.
    const current = await repo.findDashboard(owner, row.id);
    if (!current) throw dashboardNotFound();
    throw versionConflict(current.version);
  }
  return dashboardOf(saved);
}
