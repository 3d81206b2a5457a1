import { assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import { DashboardConflictError } from '../../services/api';
import type { Dashboard, DashboardUpdateInput, PageTopic, WidgetElement } from '../../services/contracts';
import type { LineStatus } from '../../services/contracts/devices';
import { SOCKET_SYSTEM_ID } from '../devicePage/devicePage.setup';
import type { LineValue } from '../devicePage/devicePage.types';
import type { NotificationKind, NotificationsEvent } from '../notifications/notifications.events';
import { SYSTEM_IDS } from '../systemIds';
import type { DashboardEditorEvent, LayoutItem, SocketSubscriptionEvent } from './dashboardEditor.events';

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
  /** Page topics subscribed to for live values while the dashboard is loaded. */
  topics: PageTopic[];
  /** Latest pushed value of each line, by lineKey. */
  values: Record<string, ElementValue>;
}

/** The latest live value of one line. */
export interface ElementValue {
  status: LineStatus;
  value: string | null;
  unit: string | null;
}

export const closedDashboard: Pick<
  DashboardEditorContext,
  'stored' | 'draft' | 'dirty' | 'fullscreenId' | 'topics' | 'values'
> = { stored: null, draft: null, dirty: false, fullscreenId: null, topics: [], values: {} };

const topicKey = (topic: Omit<PageTopic, 'kind'>) =>
  `${topic.hexacode.toLowerCase()}/${topic.department}/${topic.subDepartment}/${topic.page}`;

/** Key of one line of one page: (hexacode, department, subDepartment, page, line). */
export const lineKey = (topic: Omit<PageTopic, 'kind'>, line: number) => `${topicKey(topic)}/${line}`;

/** The page topic an element reads its value from, or null when its address is incomplete. */
export function elementTopic(element: WidgetElement): PageTopic | null {
  const { hexacode, department, subDepartment, pageNumber } = element;
  if (!hexacode || department === null || subDepartment === null || pageNumber === null) return null;
  return { kind: 'page', hexacode, department, subDepartment, page: pageNumber };
}

/** Key of the line an element shows (see lineKey), or null when its address is incomplete. */
export function elementKey(element: WidgetElement): string | null {
  const topic = elementTopic(element);
  return topic && element.lineNumber !== null ? lineKey(topic, element.lineNumber) : null;
}

/** Every distinct page topic the widgets' elements of the dashboard reference. */
export function dashboardTopics(dashboard: Dashboard | null): PageTopic[] {
  const topics = new Map<string, PageTopic>();
  for (const widget of dashboard?.widgets ?? []) {
    for (const element of widget.elements) {
      const topic = elementTopic(element);
      if (topic) topics.set(topicKey(topic), topic);
    }
  }
  return [...topics.values()];
}

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
    subscribedTopic: ({ context }, params: { topic: PageTopic }) =>
      context.topics.some((topic) => topicKey(topic) === topicKey(params.topic)),
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
    /** Subscribes (through the socket actor, when running) to the page topics of the loaded dashboard. */
    subscribeLive: enqueueActions(({ context, enqueue, self, system }) => {
      const topics = dashboardTopics(context.stored);
      enqueue.assign({ topics });
      const socket = system.get(SOCKET_SYSTEM_ID);
      if (!socket) return;
      for (const topic of topics) {
        const event: SocketSubscriptionEvent = { type: 'socket.subscribe', topic, subscriber: self };
        enqueue.sendTo(socket, event);
      }
    }),
    unsubscribeLive: enqueueActions(({ context, enqueue, self, system }) => {
      const socket = system.get(SOCKET_SYSTEM_ID);
      if (socket) {
        for (const topic of context.topics) {
          const event: SocketSubscriptionEvent = { type: 'socket.unsubscribe', topic, subscriber: self };
          enqueue.sendTo(socket, event);
        }
      }
      enqueue.assign({ topics: [], values: {} });
    }),
    applyPushedValues: assign({
      values: ({ context }, params: { topic: PageTopic; lines: readonly LineValue[] }) => {
        const values = { ...context.values };
        for (const { number, status, value, unit } of params.lines) {
          values[lineKey(params.topic, number)] = { status, value, unit };
        }
        return values;
      },
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
