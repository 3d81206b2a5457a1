import { assign, enqueueActions, sendTo, setup } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import type { Dashboard, DashboardDeleted, DashboardGroup, DashboardsList, SortSettings } from '#contracts';
import type { DashboardEditorEvent } from '../dashboardEditor/dashboardEditor.events';
import { SYSTEM_IDS } from '../systemIds';
import { dashboardsActors } from './dashboards.actors';
import { blankGroup, type DashboardsContext } from './dashboards.context';
import type { DashboardsEvent } from './dashboards.events';
import {
  favoriteOf,
  fromList,
  shownDashboards,
  withFavorite,
  withGroup,
  withMoved,
  withoutGroup,
} from './dashboardsModel';
import { notificationOf, notifications } from '../notifications/notify';

export {
  dashboardNamed,
  dashboardPath,
  initialContext,
  type DashboardsContext,
  type GroupForm,
  type PromptForm,
} from './dashboards.context';

/** Implementations of the dashboards list machine (dashboardsMachine.ts holds its statechart). */
export const dashboardsSetup = setup({
  types: {
    context: {} as DashboardsContext,
    events: {} as DashboardsEvent,
  },
  actors: dashboardsActors,
  guards: {
    knownDashboard: ({ context }, params: { id: string }) =>
      context.dashboards.some((d) => d.id === params.id),
    knownGroup: ({ context }, params: { id: string }) => context.groups.some((g) => g.id === params.id),
    promptBlank: ({ context }) => context.prompt.value.trim() === '',
    groupNameBlank: ({ context }) => context.group.name.trim() === '',
    nameFree: (_, params: { valid: boolean }) => params.valid,
    /** A route naming a dashboard the list does not hold (SPEC §2: a missing selected dashboard goes to 404). */
    routeMissing: ({ context }, params: { id: string | null; list?: DashboardsList }) =>
      params.id !== null && !(params.list ?? context).dashboards.some((d) => d.id === params.id),
    noRoute: (_, params: { id: string | null }) => params.id === null,
    selectedDeleted: ({ context }) => context.selectedId === context.targetId,
    /** SPEC §4: drag reordering, in CUSTOM mode only, when the entry lands somewhere else. */
    movable: ({ context }, params: { id: string; to: number }) =>
      withMoved(context, params.id, params.to) !== null,
    imported: (_, params: { dashboard: Dashboard | null }) => params.dashboard !== null,
  },
  actions: {
    // Side effects, provided by provideSignedInWorld.
    navigate: (_, _params: { path: string }) => {},
    redirectToNotFound: (_, _params: { message: MessageId }) => {},
    /** Saves a document as a file of the user's (the browser's download). */
    saveFile: (_, _params: { fileName: string; contents: string }) => {},
    notify: sendTo(notifications, notificationOf),

    assignList: assign((_, params: { list: DashboardsList }) => fromList(params.list)),
    assignRoute: assign({ routeId: (_, params: { id: string | null }) => params.id }),
    /** Selects a dashboard and expands its group (SPEC §4). */
    select: assign(({ context }, params: { id: string | null }) => {
      const groupId = context.dashboards.find((d) => d.id === params.id)?.groupId ?? null;
      return {
        selectedId: params.id,
        groups: context.groups.map((g) => (g.id === groupId ? { ...g, expanded: true } : g)),
      };
    }),
    /** Without a selection (home), the favorite is the selected one. */
    selectFavoriteIfNone: assign({
      selectedId: ({ context }) => context.selectedId ?? favoriteOf(context.dashboards)?.id ?? null,
    }),
    assignTarget: assign({ targetId: (_, params: { id: string }) => params.id }),
    openPrompt: assign({ prompt: (_, params: { value: string }) => ({ value: params.value, error: null }) }),
    changePrompt: assign({
      prompt: (_, params: { value: string }) => ({ value: params.value, error: null }),
    }),
    rejectPrompt: assign({
      prompt: ({ context }) => ({ ...context.prompt, error: 'dashboards.titleRequired' as const }),
    }),
    /** The created dashboard, favorite or not as the server decided; the only favorite when it is one. */
    addDashboard: assign({
      dashboards: ({ context }, params: { dashboard: Dashboard }) => {
        const { widgets: _widgets, ...summary } = params.dashboard;
        const rest = context.dashboards.filter((d) => d.id !== summary.id);
        const others = params.dashboard.favorite ? rest.map((d) => ({ ...d, favorite: false })) : rest;
        return [...others, summary];
      },
    }),
    renameDashboard: assign({
      dashboards: ({ context }, params: { dashboard: Pick<Dashboard, 'id' | 'name'> }) =>
        context.dashboards.map((d) =>
          d.id === params.dashboard.id ? { ...d, name: params.dashboard.name } : d,
        ),
    }),
    /** Tells the dashboard editor (when running) what the list did to a dashboard it may have open. */
    tellEditor: enqueueActions(({ enqueue, system }, params: { event: DashboardEditorEvent }) => {
      const editor = system.get(SYSTEM_IDS.dashboardEditor);
      if (editor) enqueue.sendTo(editor, params.event);
    }),
    removeDashboard: assign(({ context }, params: { deleted: DashboardDeleted }) => ({
      dashboards: withFavorite(
        context.dashboards.filter((d) => d.id !== params.deleted.id),
        params.deleted.favoriteId,
      ),
      groups: context.groups.map((g) => ({
        ...g,
        dashboards: g.dashboards.filter((id) => id !== params.deleted.id),
      })),
    })),
    /** SPEC §4: the deleted selected one is replaced by the favorite, else the first shown. */
    selectReplacement: assign(({ context }) => {
      const next = favoriteOf(context.dashboards) ?? shownDashboards(context)[0];
      const groupId = next?.groupId ?? null;
      return {
        selectedId: next?.id ?? null,
        groups: context.groups.map((g) => (g.id === groupId ? { ...g, expanded: true } : g)),
      };
    }),
    setFavorite: assign({
      dashboards: ({ context }, params: { id: string }) => withFavorite(context.dashboards, params.id),
    }),
    openSorting: assign({ sorting: ({ context }) => context.settings }),
    changeSorting: assign({
      sorting: ({ context }, params: Partial<SortSettings>) => ({ ...context.sorting, ...params }),
    }),
    openGroup: assign({
      group: ({ context }, params: { id: string | null }) => {
        const group = context.groups.find((g) => g.id === params.id);
        if (!group) return blankGroup;
        return {
          id: group.id,
          name: group.name,
          dashboardIds: context.dashboards.filter((d) => d.groupId === group.id).map((d) => d.id),
          error: null,
        };
      },
    }),
    changeGroupName: assign({
      group: ({ context }, params: { value: string }) => ({
        ...context.group,
        name: params.value,
        error: null,
      }),
    }),
    toggleGroupDashboard: assign({
      group: ({ context }, params: { id: string }) => ({
        ...context.group,
        dashboardIds: context.group.dashboardIds.includes(params.id)
          ? context.group.dashboardIds.filter((id) => id !== params.id)
          : [...context.group.dashboardIds, params.id],
      }),
    }),
    rejectGroupName: assign({
      group: ({ context }, params: { error: MessageId }) => ({ ...context.group, error: params.error }),
    }),
    applyGroup: assign(({ context }, params: { group: DashboardGroup }) => withGroup(context, params.group)),
    removeGroup: assign(({ context }) => withoutGroup(context, context.targetId ?? '')),
    moveEntry: assign(
      ({ context }, params: { id: string; to: number }) => withMoved(context, params.id, params.to) ?? {},
    ),
    toggleGroup: assign({
      groups: ({ context }, params: { id: string }) =>
        context.groups.map((g) => (g.id === params.id ? { ...g, expanded: !g.expanded } : g)),
    }),
  },
});
