import { compareNames } from '#contracts/names';
import type {
  DashboardGroup,
  DashboardsList,
  DashboardsSorting,
  DashboardSummary,
  SortSettings,
} from '#contracts';

/** A row of the top level: a dashboard outside any group, or a group with its dashboards (both sorted). */
export type DashboardEntry =
  | { kind: 'dashboard'; dashboard: DashboardSummary }
  | { kind: 'group'; group: DashboardGroup; dashboards: DashboardSummary[] };

interface ListState {
  dashboards: DashboardSummary[];
  groups: DashboardGroup[];
  settings: SortSettings;
}

const nameOf = (entry: { name: string }) => entry.name;

/** SPEC §4: CUSTOM by order, NAME by name; either direction. */
function compare(settings: SortSettings) {
  const sign = settings.sortDirection === 'DESC' ? -1 : 1;
  return (a: { name: string; order: number }, b: { name: string; order: number }) =>
    sign *
    (settings.sortMode === 'NAME'
      ? compareNames(nameOf(a), nameOf(b)) || a.order - b.order
      : a.order - b.order || compareNames(nameOf(a), nameOf(b)));
}

export function sortedDashboards(list: DashboardSummary[], settings: SortSettings): DashboardSummary[] {
  return [...list].sort(compare(settings));
}

/** The sidebar's top level, sorted by the settings (applied after every change: it is derived). */
export function entriesOf({ dashboards, groups, settings }: ListState): DashboardEntry[] {
  const groupIds = new Set(groups.map((group) => group.id));
  const rows: (DashboardEntry & { name: string; order: number })[] = [
    ...groups.map((group) => ({
      kind: 'group' as const,
      group,
      dashboards: sortedDashboards(
        dashboards.filter((d) => d.groupId === group.id),
        settings,
      ),
      name: group.name,
      order: group.order,
    })),
    ...dashboards
      .filter((d) => d.groupId === null || !groupIds.has(d.groupId))
      .map((dashboard) => ({
        kind: 'dashboard' as const,
        dashboard,
        name: dashboard.name,
        order: dashboard.order,
      })),
  ];
  return rows.sort(compare(settings)).map(({ name: _name, order: _order, ...entry }) => entry);
}

/** Every dashboard in the order the sidebar shows them. */
export const shownDashboards = (state: ListState): DashboardSummary[] =>
  entriesOf(state).flatMap((entry) => (entry.kind === 'dashboard' ? [entry.dashboard] : entry.dashboards));

export const favoriteOf = (dashboards: DashboardSummary[]): DashboardSummary | undefined =>
  dashboards.find((d) => d.favorite);

/** The sorting payload of SPEC §3: the stored orders of dashboards and groups and the chosen settings. */
export function sortingPayload(state: ListState, settings: SortSettings): DashboardsSorting {
  // Built from entries, not by assignment: an id like '__proto__' would set the prototype instead of a key.
  const sortData: DashboardsSorting['sortData'] = Object.fromEntries([
    ...state.groups.map((group) => [group.id, { order: group.order, group: true }] as const),
    ...state.dashboards.map((dashboard) => [dashboard.id, { order: dashboard.order, group: false }] as const),
  ]);
  return { sortData, ...settings };
}

/** Exactly one favorite (SPEC §4): the given one, or none. */
export const withFavorite = (dashboards: DashboardSummary[], id: string | null): DashboardSummary[] =>
  dashboards.map((d) => ({ ...d, favorite: d.id === id }));

/** A saved group: its dashboards join it, those left out return to the top level. */
export function withGroup(state: ListState, group: DashboardGroup): Pick<ListState, 'dashboards' | 'groups'> {
  const members = new Set(group.dashboards);
  const known = state.groups.some((g) => g.id === group.id);
  return {
    groups: known ? state.groups.map((g) => (g.id === group.id ? group : g)) : [...state.groups, group],
    dashboards: state.dashboards.map((d) =>
      members.has(d.id) ? { ...d, groupId: group.id } : d.groupId === group.id ? { ...d, groupId: null } : d,
    ),
  };
}

/** A deleted group: its dashboards return to the top level. */
export const withoutGroup = (state: ListState, id: string): Pick<ListState, 'dashboards' | 'groups'> => ({
  groups: state.groups.filter((g) => g.id !== id),
  dashboards: state.dashboards.map((d) => (d.groupId === id ? { ...d, groupId: null } : d)),
});

export const fromList = (list: DashboardsList): ListState => ({
  dashboards: list.dashboards,
  groups: list.groups,
  settings: list.settings,
});

/** The next free top-level order (a new group goes last). */
export const nextOrder = (state: ListState): number =>
  Math.max(-1, ...state.groups.map((g) => g.order), ...state.dashboards.map((d) => d.order)) + 1;

const entryId = (entry: DashboardEntry) => (entry.kind === 'dashboard' ? entry.dashboard.id : entry.group.id);

/**
 * SPEC §4 drag reordering (CUSTOM mode only): `id` moves to the shown place `to` among its siblings (its group's
 * dashboards, or the top level), and the siblings get orders that show them so. Null when nothing would move.
 */
export function withMoved(
  state: ListState,
  id: string,
  to: number,
): Pick<ListState, 'dashboards' | 'groups'> | null {
  if (state.settings.sortMode !== 'CUSTOM') return null;
  const entries = entriesOf(state);
  const group = entries.find((e) => e.kind === 'group' && e.dashboards.some((d) => d.id === id));
  const ids = group?.kind === 'group' ? group.dashboards.map((d) => d.id) : entries.map(entryId);
  const from = ids.indexOf(id);
  if (from === -1 || to < 0 || to >= ids.length || to === from) return null;
  ids.splice(to, 0, ...ids.splice(from, 1));
  const last = ids.length - 1;
  const orders = new Map(
    ids.map((entry, index) => [entry, state.settings.sortDirection === 'DESC' ? last - index : index]),
  );
  const reorder = <T extends { id: string; order: number }>(item: T): T =>
    orders.has(item.id) ? { ...item, order: orders.get(item.id)! } : item;
  return { dashboards: state.dashboards.map(reorder), groups: state.groups.map(reorder) };
}
