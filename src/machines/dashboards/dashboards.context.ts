import type { MessageId } from '../../i18n/messages';
import type { DashboardGroup, DashboardSummary, SortSettings } from '#contracts';

/** The title prompt of create and rename. */
export interface PromptForm {
  value: string;
  error: MessageId | null;
}

/** The group dialog: a new group (id null) or an existing one. */
export interface GroupForm {
  id: string | null;
  name: string;
  dashboardIds: string[];
  error: MessageId | null;
}

export interface DashboardsContext {
  dashboards: DashboardSummary[];
  groups: DashboardGroup[];
  settings: SortSettings;
  selectedId: string | null;
  /** The dashboard of the current route, judged once the list is loaded (a missing one goes to 404). */
  routeId: string | null;
  /** The dashboard being renamed, deleted, made favorite or downloaded, or the group being deleted. */
  targetId: string | null;
  prompt: PromptForm;
  /** The sorting dialog's choice until it is saved. */
  sorting: SortSettings;
  group: GroupForm;
}

const DEFAULT_DASHBOARDS_SETTINGS: SortSettings = { sortMode: 'CUSTOM', sortDirection: 'ASC' };
export const blankGroup: GroupForm = { id: null, name: '', dashboardIds: [], error: null };

export const initialContext = (): DashboardsContext => ({
  dashboards: [],
  groups: [],
  settings: DEFAULT_DASHBOARDS_SETTINGS,
  selectedId: null,
  routeId: null,
  targetId: null,
  prompt: { value: '', error: null },
  sorting: DEFAULT_DASHBOARDS_SETTINGS,
  group: blankGroup,
});

export const dashboardPath = (id: string) => `/dashboard/${encodeURIComponent(id)}`;
export const dashboardNamed = (context: DashboardsContext, id: string | null) =>
  context.dashboards.find((d) => d.id === id)?.name ?? '';
