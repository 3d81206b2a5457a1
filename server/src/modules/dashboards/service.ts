import { randomUUID } from 'node:crypto';
import type {
  Dashboard,
  DashboardCreate,
  DashboardDeleted,
  DashboardImport,
  DashboardsList,
  DashboardsSorting,
  DashboardSummary,
  DashboardUpdate,
  Widget,
} from '#contracts';
import { accountNotFound, settingsOf, type AccountService } from '../account/service';
import { safeFileStem } from './file-names';
import { createGroupRules } from './groups';
import { checkLayout } from './layout';
import type { Owner } from './owner';
import {
  dashboardNotFound,
  dashboardOf,
  groupOf,
  isId,
  loadDashboard,
  loadGroup,
  saveDashboard,
  summaryOf,
} from './records';
import type { DashboardQueries, DashboardsRepository } from './repository';
import { createWidgetRules, withStoredAnnotations } from './widgets';

/** Safe file name of an export: letters, digits, space, dot, dash and underscore; the rest becomes "_". */
export function exportFileName(name: string): string {
  return `${safeFileStem(name) || 'dashboard'}.json`;
}

/** An imported widget under new ids (its elements too): the file's ids may be anyone's. */
const withNewIds = (widget: Widget): Widget => {
  const id = randomUUID();
  const elements = widget.elements.map((element) => ({ ...element, id: randomUUID() }));
  return { ...widget, id, position: { ...widget.position, i: id }, elements } as Widget;
};

/** A new dashboard, last unless an order is given; favorite when asked or when the user has none. */
async function insert(
  repo: DashboardQueries,
  owner: Owner,
  values: { name: string; favorite: boolean; order?: number; widgets?: Widget[] },
): Promise<Dashboard> {
  const favorite = values.favorite || !(await repo.hasFavorite(owner));
  if (favorite) await repo.setFavorite(owner, null);
  const order = values.order ?? (await repo.nextOrder(owner));
  return dashboardOf(await repo.insertDashboard(owner, { ...values, favorite, order }));
}

/** The signed-in user's dashboards, their groups and widgets. */
export function createDashboardsService(repository: DashboardsRepository, account: AccountService) {
  async function list(owner: Owner): Promise<DashboardsList> {
    const view = await repository.listView(owner);
    if (!view) throw accountNotFound();
    return {
      dashboards: view.dashboards,
      groups: view.groups.map((row) => groupOf(row, view.dashboards)),
      settings: settingsOf(view.account).dashboardsSettings,
    };
  }

  return {
    list,

    async get(owner: Owner, id: string): Promise<Dashboard> {
      return dashboardOf(await loadDashboard(repository, owner, id));
    },

    /** A new, empty dashboard; favorite when asked or when the user has none. */
    async create(owner: Owner, input: DashboardCreate): Promise<Dashboard> {
      return repository.transaction((repo) => insert(repo, owner, input));
    },

    /**
     * SPEC §4 import: a new dashboard, last, holding the widgets under new ids (checked like a save); the file's
     * id and favorite are not part of the call: it becomes the favorite when the user has none.
     */
    async import(owner: Owner, input: DashboardImport): Promise<Dashboard> {
      const widgets = input.widgets.map(withNewIds);
      checkLayout(widgets);
      return repository.transaction((repo) =>
        insert(repo, owner, { name: input.name, favorite: false, widgets }),
      );
    },

    /** Saves the whole dashboard if `version` is still the stored one (409 with the current version otherwise). */
    async save(owner: Owner, input: DashboardUpdate): Promise<Dashboard> {
      checkLayout(input.widgets);
      return repository.transaction(async (repo) => {
        const row = await loadDashboard(repo, owner, input.id, { lock: true });
        if (input.groupId !== null) await loadGroup(repo, owner, input.groupId);
        return saveDashboard(repo, owner, row, input.version, {
          name: input.name,
          widgets: withStoredAnnotations(row.widgets, input.widgets),
          breakpoint: input.breakpoint,
          groupId: input.groupId,
        });
      });
    },

    /** Deleting the favorite makes the first remaining dashboard (by order) the favorite. */
    async remove(owner: Owner, id: string): Promise<DashboardDeleted> {
      return repository.transaction(async (repo) => {
        const deleted = isId(id) ? await repo.deleteDashboard(owner, id) : undefined;
        if (!deleted) throw dashboardNotFound();
        if (deleted.favorite) {
          const next = (await repo.firstDashboard(owner)) ?? null;
          await repo.setFavorite(owner, next);
          return { id, favoriteId: next };
        }
        const rows = await repo.listDashboards(owner);
        return { id, favoriteId: rows.find((row) => row.favorite)?.id ?? null };
      });
    },

    async favorite(owner: Owner, id: string): Promise<DashboardSummary> {
      return repository.transaction(async (repo) => {
        const row = await loadDashboard(repo, owner, id);
        await repo.setFavorite(owner, row.id);
        return summaryOf({ ...row, favorite: true });
      });
    },

    async rename(owner: Owner, id: string, name: string): Promise<Dashboard> {
      return repository.transaction(async (repo) => {
        const row = await loadDashboard(repo, owner, id);
        return saveDashboard(repo, owner, row, row.version, { name });
      });
    },

    /** Stores the orders of dashboards and groups (unknown ids are skipped) and the user's sort settings. */
    async sort(owner: Owner, input: DashboardsSorting): Promise<DashboardsList> {
      await repository.transaction(async (repo) => {
        for (const [id, { order, group: isGroup }] of Object.entries(input.sortData)) {
          if (!isId(id)) continue;
          if (isGroup) await repo.setGroupOrder(owner, id, order);
          else await repo.setDashboardOrder(owner, id, order);
        }
      });
      await account.update(owner.tenantId, owner.userId, {
        dashboardsSettings: { sortMode: input.sortMode, sortDirection: input.sortDirection },
      });
      return list(owner);
    },

    /** The dashboard and the file name to download it under. */
    async export(owner: Owner, id: string): Promise<{ dashboard: Dashboard; fileName: string }> {
      const dashboard = dashboardOf(await loadDashboard(repository, owner, id));
      return { dashboard, fileName: exportFileName(dashboard.name) };
    },

    ...createGroupRules(repository),
    ...createWidgetRules(repository),
  };
}

export type DashboardsService = ReturnType<typeof createDashboardsService>;
