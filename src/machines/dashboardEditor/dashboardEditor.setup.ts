import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import { DashboardConflictError } from '../../services/api';
import type { Dashboard, DashboardUpdateInput } from '../../services/contracts';
import type { NotificationKind, NotificationsEvent } from '../notifications/notifications.events';
import { SYSTEM_IDS } from '../systemIds';
import type { DashboardEditorEvent, LayoutItem } from './dashboardEditor.events';

export interface DashboardEditorContext {
  /** Id of the dashboard of the route (null off the dashboard view). */
  id: string | null;
  /** The dashboard as last loaded or saved. */
  stored: Dashboard | null;
  /** The dashboard as shown: the stored copy with the edits of edit mode. */
  draft: Dashboard | null;
  /** Whether the draft has unsaved changes. */
  dirty: boolean;
  /** The widget shown fullscreen, if any. */
  fullscreenId: string | null;
}

export const closedDashboard = { stored: null, draft: null, dirty: false, fullscreenId: null };

/** Whether any widget of the layout sits elsewhere or has another size than in the dashboard (x, y, w, h). */
export function layoutMoved(dashboard: Dashboard | null, layout: readonly LayoutItem[]): boolean {
  if (!dashboard) return false;
  const items = new Map(layout.map((item) => [item.i, item]));
  return dashboard.widgets.some(({ id, position }) => {
    const item = items.get(id);
    return (
      item !== undefined &&
      (item.x !== position.x || item.y !== position.y || item.w !== position.w || item.h !== position.h)
    );
  });
}

/** The dashboard with the layout's positions applied to its widgets. */
export function withLayout(dashboard: Dashboard, layout: readonly LayoutItem[]): Dashboard {
  const items = new Map(layout.map((item) => [item.i, item]));
  return {
    ...dashboard,
    widgets: dashboard.widgets.map((widget) => {
      const item = items.get(widget.id);
      return item
        ? { ...widget, position: { ...widget.position, x: item.x, y: item.y, w: item.w, h: item.h } }
        : widget;
    }),
  };
}

/** The PUT body of a dashboard: the whole dashboard with the version it was loaded at. */
export const updateOf = (dashboard: Dashboard): DashboardUpdateInput => ({
  id: dashboard.id,
  name: dashboard.name,
  widgets: dashboard.widgets,
  breakpoint: dashboard.breakpoint,
  groupId: dashboard.groupId,
  version: dashboard.version,
});

/** Implementations of the dashboard editing machine (dashboardEditorMachine.ts holds its statechart). */
export const dashboardEditorSetup = setup({
  types: {
    context: {} as DashboardEditorContext,
    events: {} as DashboardEditorEvent,
  },
  actors: {
    // Provided by the wiring (provideSignedInWorld.ts).
    loadDashboard: fromPromise<Dashboard, { id: string }>(() =>
      Promise.reject(new Error('loadDashboard not provided')),
    ),
    saveDashboard: fromPromise<Dashboard, DashboardUpdateInput>(() =>
      Promise.reject(new Error('saveDashboard not provided')),
    ),
  },
  guards: {
    sameDashboard: ({ context }, params: { id: string }) => context.id === params.id,
    layoutMoved: ({ context }, params: { layout: readonly LayoutItem[] }) =>
      layoutMoved(context.draft, params.layout),
    dirty: ({ context }) => context.dirty,
    conflict: (_, params: { error: unknown }) => params.error instanceof DashboardConflictError,
  },
  actions: {
    openDashboard: assign((_, params: { id: string }) => ({ ...closedDashboard, id: params.id })),
    forgetDashboard: assign({ ...closedDashboard, id: null }),
    assignLoaded: assign((_, params: { dashboard: Dashboard }) => ({
      stored: params.dashboard,
      draft: params.dashboard,
      dirty: false,
    })),
    restoreStored: assign(({ context }) => ({ draft: context.stored, dirty: false })),
    applyLayout: assign(({ context }, params: { layout: readonly LayoutItem[] }) => ({
      draft: context.draft && withLayout(context.draft, params.layout),
      dirty: true,
    })),
    removeWidget: assign(({ context }, params: { id: string }) => ({
      draft: context.draft && {
        ...context.draft,
        widgets: context.draft.widgets.filter((widget) => widget.id !== params.id),
      },
      dirty: context.dirty || Boolean(context.draft?.widgets.some((widget) => widget.id === params.id)),
      fullscreenId: context.fullscreenId === params.id ? null : context.fullscreenId,
    })),
    toggleFullscreen: assign({
      fullscreenId: ({ context }, params: { id: string }) =>
        context.fullscreenId === params.id ? null : params.id,
    }),
    /** A notification naming the dashboard ({name} in the message). */
    notify: sendTo(
      ({ system }) => system.get(SYSTEM_IDS.notifications),
      ({ context }, params: { kind: NotificationKind; id: MessageId }): NotificationsEvent => ({
        type: 'notification.show',
        kind: params.kind,
        message: { id: params.id, values: { name: context.stored?.name ?? context.id ?? '' } },
      }),
    ),
  },
});
