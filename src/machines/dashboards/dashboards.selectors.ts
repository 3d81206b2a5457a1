import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { DashboardSummary, SortSettings } from '#contracts';
import type { GroupForm, PromptForm } from './dashboards.setup';
import type { importWizardMachine } from '../importWizard/importWizardMachine';
import type { DashboardsContext, dashboardsMachine } from './dashboardsMachine';
import { entriesOf, favoriteOf, shownDashboards, type DashboardEntry } from './dashboardsModel';

export type { DashboardEntry } from './dashboardsModel';

type DashboardsSnapshot = SnapshotFrom<typeof dashboardsMachine>;

export const selectIsLoading = (s: DashboardsSnapshot): boolean => s.matches('loading');
export const selectIsLoaded = (s: DashboardsSnapshot): boolean => s.matches('loaded');
export const selectLoadFailed = (s: DashboardsSnapshot): boolean => s.matches('failed');
export const selectSelectedId = (s: DashboardsSnapshot): string | null => s.context.selectedId;
/**
 * The menu's dashboard actions (create, download, upload, sorting, groups) are taken only once the list is loaded
 * and nothing else is under way; until then the menu shows them disabled rather than let a choice go unheard.
 */
export const selectTakesMenuActions = (s: DashboardsSnapshot): boolean => s.matches({ loaded: 'idle' });
/** SPEC §4: drag reordering in CUSTOM mode, while nothing else is under way. */
export const selectCanMove = (s: DashboardsSnapshot): boolean =>
  s.context.settings.sortMode === 'CUSTOM' && selectTakesMenuActions(s);

// Entries are rebuilt only when the context changes, so the list re-renders only then.
const entriesCache = new WeakMap<DashboardsContext, DashboardEntry[]>();
/** The sidebar's top level (groups and ungrouped dashboards) in the order the sort settings give. */
export const selectEntries = (s: DashboardsSnapshot): DashboardEntry[] => {
  let entries = entriesCache.get(s.context);
  if (!entries) entriesCache.set(s.context, (entries = entriesOf(s.context)));
  return entries;
};
/** Every dashboard in the shown order (the group dialog's choices). */
export const selectShownDashboards = (s: DashboardsSnapshot): DashboardSummary[] =>
  shownDashboards(s.context);

/** Where home goes: the selected dashboard, else the favorite (null until loaded, or with none). */
export const selectHomeDashboardId = (s: DashboardsSnapshot): string | null =>
  s.matches('loaded') ? (s.context.selectedId ?? favoriteOf(s.context.dashboards)?.id ?? null) : null;
export const selectDashboard =
  (id: string) =>
  (s: DashboardsSnapshot): DashboardSummary | undefined =>
    s.context.dashboards.find((d) => d.id === id);

/** The title prompt: open while creating or renaming. */
export const selectPrompt = (s: DashboardsSnapshot): ({ kind: 'create' | 'rename' } & PromptForm) | null =>
  s.matches({ loaded: 'creating' })
    ? { kind: 'create', ...s.context.prompt }
    : s.matches({ loaded: 'renaming' })
      ? { kind: 'rename', ...s.context.prompt }
      : null;
export const selectIsSaving = (s: DashboardsSnapshot): boolean =>
  s.matches({ loaded: { creating: 'saving' } }) ||
  s.matches({ loaded: { renaming: 'saving' } }) ||
  s.matches({ loaded: { sorting: 'saving' } }) ||
  s.matches({ loaded: { grouping: 'validating' } }) ||
  s.matches({ loaded: { grouping: 'saving' } });
/** The sorting dialog's choice, while it is open. */
export const selectSortingDraft = (s: DashboardsSnapshot): SortSettings | null =>
  s.matches({ loaded: 'sorting' }) ? s.context.sorting : null;
/** The group dialog's form, while it is open. */
export const selectGroupForm = (s: DashboardsSnapshot): GroupForm | null =>
  s.matches({ loaded: 'grouping' }) ? s.context.group : null;
/** The delete confirmation: the name of the dashboard it asks about, while it is asked. */
export const selectDeleteConfirmation = (s: DashboardsSnapshot): string | null =>
  s.matches({ loaded: 'confirmingDelete' })
    ? (s.context.dashboards.find((d) => d.id === s.context.targetId)?.name ?? '')
    : null;

/** The name of the group the user is asked to confirm deleting, or null. */
export const selectGroupDeleteConfirmation = (s: DashboardsSnapshot): string | null =>
  s.matches({ loaded: 'confirmingGroupDelete' })
    ? (s.context.groups.find((g) => g.id === s.context.targetId)?.name ?? '')
    : null;

export type ImportWizardActor = ActorRefFrom<typeof importWizardMachine>;
/** The import wizard, while it is open. */
export const selectImportWizard = (s: DashboardsSnapshot): ImportWizardActor | null =>
  (s.children.importWizard as ImportWizardActor | undefined) ?? null;
