import { randomUUID } from 'node:crypto';
import type {
  Annotation,
  Dashboard,
  DashboardCreate,
  DashboardDeleted,
  DashboardGroup,
  DashboardGroupSave,
  DashboardImport,
  DashboardsList,
  DashboardsSorting,
  DashboardSummary,
  DashboardUpdate,
  Widget,
  WidgetSave,
} from '../../../../src/services/contracts';
import { AppError, notFound } from '../../errors';
import type { DashboardRow, DashboardGroupRow } from '../../db/schema';
import type { AccountService } from '../account/service';
import { checkLayout } from './layout';
import type { DashboardListRow, DashboardQueries, DashboardsRepository, Owner } from './repository';

export type { Owner } from './repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids that are not UUIDs cannot name a row; they are answered like any other unknown id. */
const isId = (id: string | null | undefined): id is string => typeof id === 'string' && UUID.test(id);

const dashboardNotFound = () => notFound('DASHBOARD_NOT_FOUND', 'Dashboard not found');
const groupNotFound = () => notFound('DASHBOARD_GROUP_NOT_FOUND', 'Dashboards group not found');
const widgetNotFound = () => notFound('WIDGET_NOT_FOUND', 'Widget not found');
const versionConflict = (currentVersion: number) =>
  new AppError(
    409,
    'DASHBOARD_VERSION_CONFLICT',
    'This dashboard was saved elsewhere since you opened it; reload it to get the latest version',
    {},
    { currentVersion },
  );
const groupNameTaken = () => new AppError(409, 'DASHBOARD_GROUP_NAME_TAKEN', 'name: Name already exists');

const summaryOf = (row: DashboardListRow): DashboardSummary => ({
  id: row.id,
  name: row.name,
  favorite: row.favorite,
  order: row.order,
  groupId: row.groupId,
  breakpoint: row.breakpoint as DashboardSummary['breakpoint'],
  version: row.version,
});
const dashboardOf = (row: DashboardRow): Dashboard => ({ ...summaryOf(row), widgets: row.widgets });

const groupOf = (row: DashboardGroupRow, members: readonly DashboardListRow[]): DashboardGroup => ({
  id: row.id,
  name: row.name,
  order: row.order,
  expanded: row.expanded,
  dashboards: members.filter((d) => d.groupId === row.id).map((d) => d.id),
});

/** Safe file name of an export: letters, digits, space, dot, dash and underscore; the rest becomes "_". */
export function exportFileName(name: string): string {
  const safe = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, '_')
    .replace(/^[ ._]+|[ .]+$/g, '')
    .slice(0, 100);
  return `${safe || 'dashboard'}.json`;
}

/** An imported widget under new ids (its elements too): the file's ids may be anyone's. */
const withNewIds = (widget: Widget): Widget => {
  const id = randomUUID();
  const elements = widget.elements.map((element) => ({ ...element, id: randomUUID() }));
  return { ...widget, id, position: { ...widget.position, i: id }, elements } as Widget;
};

export function createDashboardsService(repository: DashboardsRepository, account: AccountService) {
  async function load(repo: DashboardQueries, owner: Owner, id: string): Promise<DashboardRow> {
    const row = isId(id) ? await repo.findDashboard(owner, id) : undefined;
    if (!row) throw dashboardNotFound();
    return row;
  }

  async function loadGroup(repo: DashboardQueries, owner: Owner, id: string | undefined) {
    const row = isId(id) ? await repo.findGroup(owner, id) : undefined;
    if (!row) throw groupNotFound();
    return row;
  }

  /** Every id must be one of the owner's dashboards (404 otherwise: nobody learns of others' dashboards). */
  async function ownedIds(repo: DashboardQueries, owner: Owner, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const owned = unique.every(isId) ? await repo.ownedDashboardIds(owner, unique) : [];
    if (owned.length !== unique.length) throw dashboardNotFound();
    return unique;
  }

  async function save(
    repo: DashboardQueries,
    owner: Owner,
    row: DashboardRow,
    expectedVersion: number,
    values: Parameters<DashboardQueries['updateDashboard']>[3],
  ): Promise<Dashboard> {
    if (row.version !== expectedVersion) throw versionConflict(row.version);
    const saved = await repo.updateDashboard(owner, row.id, expectedVersion, values);
    if (!saved) {
      // Saved by someone else between our read and our write.
      const current = await repo.findDashboard(owner, row.id);
      if (!current) throw dashboardNotFound();
      throw versionConflict(current.version);
    }
    return dashboardOf(saved);
  }

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

  async function group(repo: DashboardQueries, owner: Owner, id: string): Promise<DashboardGroup> {
    const row = await loadGroup(repo, owner, id);
    return groupOf(row, await repo.listDashboards(owner));
  }

  async function saveGroup(owner: Owner, input: DashboardGroupSave, existing: boolean) {
    return repository.transaction(async (repo) => {
      if (existing) await loadGroup(repo, owner, input.id);
      if (await repo.groupNameTaken(owner, input.name, existing ? input.id : undefined))
        throw groupNameTaken();
      const members = await ownedIds(repo, owner, input.dashboardsData);
      let id: string;
      if (existing) {
        id = input.id!;
        await repo.updateGroup(owner, id, {
          name: input.name,
          order: input.order,
          ...(input.expanded === undefined ? {} : { expanded: input.expanded }),
        });
      } else {
        const row = await repo.insertGroup(owner, {
          name: input.name,
          order: input.order,
          expanded: input.expanded ?? false,
        });
        id = row.id;
      }
      await repo.setGroupMembers(owner, id, members);
      return group(repo, owner, id);
    });
  }

  return {
    async list(owner: Owner): Promise<DashboardsList> {
      const [rows, groups, settings] = await Promise.all([
        repository.listDashboards(owner),
        repository.listGroups(owner),
        account.get(owner.tenantId, owner.userId),
      ]);
      return {
        dashboards: rows.map(summaryOf),
        groups: groups.map((row) => groupOf(row, rows)),
        settings: settings.dashboardsSettings,
      };
    },

    async get(owner: Owner, id: string): Promise<Dashboard> {
      return dashboardOf(await load(repository, owner, id));
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
    async update(owner: Owner, input: DashboardUpdate): Promise<Dashboard> {
      checkLayout(input.widgets);
      return repository.transaction(async (repo) => {
        const row = await load(repo, owner, input.id);
        if (input.groupId !== null) await loadGroup(repo, owner, input.groupId);
        return save(repo, owner, row, input.version, {
          name: input.name,
          widgets: input.widgets,
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
        const row = await load(repo, owner, id);
        await repo.setFavorite(owner, row.id);
        return summaryOf({ ...row, favorite: true });
      });
    },

    async rename(owner: Owner, id: string, name: string): Promise<Dashboard> {
      return repository.transaction(async (repo) => {
        const row = await load(repo, owner, id);
        return save(repo, owner, row, row.version, { name });
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
      return this.list(owner);
    },

    createGroup: (owner: Owner, input: DashboardGroupSave) => saveGroup(owner, input, false),
    updateGroup: (owner: Owner, input: DashboardGroupSave) => saveGroup(owner, input, true),

    /** Deletes the group; its dashboards return to the top level. */
    async removeGroup(owner: Owner, id: string): Promise<void> {
      await repository.transaction(async (repo) => {
        await loadGroup(repo, owner, id);
        await repo.ungroup(owner, id);
        await repo.deleteGroup(owner, id);
      });
    },

    /** Unique among the user's groups, ignoring case, the group `id` itself excepted. */
    async validateGroupName(owner: Owner, name: string, id?: string): Promise<{ valid: boolean }> {
      if (name === '') return { valid: false };
      const except = isId(id) ? id : undefined;
      return { valid: !(await repository.groupNameTaken(owner, name, except)) };
    },

    /** Adds the widget or replaces the one with its id; the layout must stay free of overlaps. */
    async saveWidget(owner: Owner, input: WidgetSave): Promise<Dashboard> {
      return repository.transaction(async (repo) => {
        const row = await load(repo, owner, input.dashboardId);
        const index = row.widgets.findIndex((widget) => widget.id === input.widget.id);
        const widgets: Widget[] =
          index === -1
            ? [...row.widgets, input.widget]
            : row.widgets.map((widget, i) => (i === index ? input.widget : widget));
        checkLayout(widgets);
        return save(repo, owner, row, input.version ?? row.version, { widgets });
      });
    },

    /** Replaces the annotations of one widget; annotations without an id get one. */
    async saveMarkAreaElements(
      owner: Owner,
      dashboardId: string,
      widgetId: string,
      annotations: Annotation[],
    ): Promise<Annotation[]> {
      return repository.transaction(async (repo) => {
        const row = await load(repo, owner, dashboardId);
        if (!row.widgets.some((widget) => widget.id === widgetId)) throw widgetNotFound();
        const saved = annotations.map((annotation) => ({ ...annotation, id: annotation.id ?? randomUUID() }));
        const widgets = row.widgets.map((widget) =>
          widget.id === widgetId ? { ...widget, markAreaElements: saved } : widget,
        );
        await save(repo, owner, row, row.version, { widgets });
        return saved;
      });
    },

    /** One widget of one of the owner's dashboards (404 for another user's dashboard or an unknown widget). */
    async widget(owner: Owner, dashboardId: string, widgetId: string): Promise<Widget> {
      const row = await load(repository, owner, dashboardId);
      const widget = row.widgets.find((w) => w.id === widgetId);
      if (!widget) throw widgetNotFound();
      return widget;
    },

    /** The dashboard and the file name to download it under. */
    async export(owner: Owner, id: string): Promise<{ dashboard: Dashboard; fileName: string }> {
      const dashboard = dashboardOf(await load(repository, owner, id));
      return { dashboard, fileName: exportFileName(dashboard.name) };
    },
  };
}

export type DashboardsService = ReturnType<typeof createDashboardsService>;
