import { assign, enqueueActions, fromPromise, sendTo, setup, stopChild } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import { DashboardConflictError } from '../../services/api';
import type {
  Dashboard,
  DashboardUpdateInput,
  PageTopic,
  WidgetElement,
  WidgetExportType,
} from '../../services/contracts';
import { SOCKET_SYSTEM_ID } from '../devicePage/devicePage.setup';
import type { LineValue } from '../devicePage/devicePage.types';
import type { DashboardsEvent } from '../dashboards/dashboards.events';
import { elementLineEditMachine } from '../elementLineEdit/elementLineEditMachine';
import type { NotificationKind, NotificationsEvent } from '../notifications/notifications.events';
import { SYSTEM_IDS } from '../systemIds';
import { unsavedDashboardMachine } from '../unsavedDashboard/unsavedDashboardMachine';
import { widgetEditorMachine } from '../widgetEditor/widgetEditorMachine';
import type { WidgetEditorOutput } from '../widgetEditor/widgetEditor.events';
import { closedDashboard, type DashboardEditorContext } from './dashboardEditor.context';
import type { DashboardEditorEvent, LayoutItem, SocketSubscriptionEvent } from './dashboardEditor.events';
import type { WidgetDownloadRequest } from './widgetDownload';
import {
  dashboardTopics,
  layoutMoved,
  lineKey,
  topicKey,
  withLayout,
  withWidget,
} from './dashboardEditor.model';
import { notifications } from '../notifications/notify';

export {
  dashboardTopics,
  elementKey,
  elementTopic,
  layoutMoved,
  lineKey,
  withLayout,
} from './dashboardEditor.model';
export { updateOf } from './updateOf';
export { closedDashboard, widgetEditorInput } from './dashboardEditor.context';
export type { DashboardEditorContext, ElementValue } from './dashboardEditor.context';

/** The draft with `change` applied; the dashboard becomes dirty. */
const editDraft = (context: DashboardEditorContext, change: (draft: Dashboard) => Dashboard) => ({
  draft: context.draft && change(context.draft),
  dirty: true,
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
    elementLineEdit: elementLineEditMachine,
    unsavedDashboard: unsavedDashboardMachine,
    widgetEditor: widgetEditorMachine,
    // Provided by the wiring (widgetDownload.ts builds it from the API and the browser's save).
    downloadWidget: fromPromise<void, WidgetDownloadRequest>(() =>
      Promise.reject(new Error('downloadWidget not provided')),
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
    renameValid: ({ context }) => context.rename.value.trim() !== '',
    leaveAfterSave: ({ context }) => context.leaveAfterSave,
    widgetSaved: (_, params: { output: WidgetEditorOutput }) => params.output !== null,
    lineEditIdle: ({ context }) => context.lineEdit === null,
  },
  actions: {
    openDashboard: assign((_, params: { id: string }) => ({ ...closedDashboard, id: params.id })),
    forgetDashboard: assign({ ...closedDashboard, id: null }),
    /** The route left a dashboard with unsaved changes: its draft lives on in the unsaved question. */
    keepUnsavedIfDirty: enqueueActions(({ context, enqueue }) => {
      if (!context.dirty || !context.draft) return;
      enqueue.stopChild('unsavedDashboard');
      enqueue.spawnChild('unsavedDashboard', {
        id: 'unsavedDashboard',
        input: { draft: context.draft },
      });
    }),
    dropEdits: assign({ dirty: false }),
    /** A rename from the list: the new name and version, so the next save is not a conflict. */
    applyRenamed: assign(({ context }, params: { dashboard: Dashboard }) => {
      const { name, version } = params.dashboard;
      return {
        stored: context.stored && { ...context.stored, name, version },
        draft: context.draft && { ...context.draft, name, version },
      };
    }),
    /** Tells the dashboards list about a saved dashboard (its name may have changed in edit mode). */
    tellList: enqueueActions(({ context, enqueue, system }) => {
      const list = system.get(SYSTEM_IDS.dashboards);
      if (!list || !context.stored) return;
      const saved: DashboardsEvent = { type: 'dashboards.saved', dashboard: context.stored };
      enqueue.sendTo(list, saved);
    }),
    assignLeaveAfterSave: assign((_, params: { leave: boolean }) => ({ leaveAfterSave: params.leave })),
    assignLoaded: assign((_, params: { dashboard: Dashboard }) => ({
      stored: params.dashboard,
      draft: params.dashboard,
      dirty: false,
    })),
    restoreStored: assign(({ context }) => ({ draft: context.stored, dirty: false })),
    applyLayout: assign(({ context }, params: { layout: readonly LayoutItem[] }) =>
      editDraft(context, (draft) => withLayout(draft, params.layout)),
    ),
    removeWidget: assign(({ context }, params: { id: string }) => ({
      ...editDraft(context, (draft) => ({
        ...draft,
        widgets: draft.widgets.filter((widget) => widget.id !== params.id),
      })),
      dirty: context.dirty || Boolean(context.draft?.widgets.some((widget) => widget.id === params.id)),
      fullscreenId: context.fullscreenId === params.id ? null : context.fullscreenId,
    })),
    toggleFullscreen: assign({
      fullscreenId: ({ context }, params: { id: string }) =>
        context.fullscreenId === params.id ? null : params.id,
    }),
    assignWidgetId: assign((_, params: { id: string | null }) => ({ widgetId: params.id })),
    placeWidget: assign(({ context }, params: { output: WidgetEditorOutput }) =>
      params.output ? editDraft(context, (draft) => withWidget(draft, params.output!.widget)) : {},
    ),
    startRename: assign(({ context }) => ({ rename: { value: context.draft?.name ?? '', error: null } })),
    changeRename: assign((_, params: { value: string }) => ({
      rename: { value: params.value, error: null },
    })),
    showRenameError: assign({
      rename: ({ context }) => ({ ...context.rename, error: 'dashboardEditor.nameRequired' }),
    }),
    applyRename: assign(({ context }) =>
      editDraft(context, (draft) => ({ ...draft, name: context.rename.value.trim() })),
    ),
    /**
     * Keeps the socket subscriptions equal to the page topics of the draft's elements: new widgets show live
     * values at once, and a save or discard drops what no widget reads any more.
     */
    syncLive: enqueueActions(({ context, enqueue, self, system }) => {
      const topics = dashboardTopics(context.draft);
      const wanted = new Set(topics.map(topicKey));
      const held = new Set(context.topics.map(topicKey));
      enqueue.assign({ topics });
      const socket = system.get(SOCKET_SYSTEM_ID);
      if (!socket) return;
      const send = (type: SocketSubscriptionEvent['type'], topic: PageTopic) => {
        const event: SocketSubscriptionEvent = { type, topic, subscriber: self };
        enqueue.sendTo(socket, event);
      };
      for (const topic of context.topics) if (!wanted.has(topicKey(topic))) send('socket.unsubscribe', topic);
      for (const topic of topics) if (!held.has(topicKey(topic))) send('socket.subscribe', topic);
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
    startDownload: enqueueActions(
      ({ context, enqueue }, params: { id: string; exportType: WidgetExportType }) => {
        const widget = context.draft?.widgets.find(({ id }) => id === params.id);
        if (!widget || !context.id) return;
        const input = {
          dashboardId: context.id,
          widgetId: widget.id,
          exportType: params.exportType,
          name: widget.name,
        };
        enqueue.spawnChild('downloadWidget', { input });
      },
    ),
    openLineEdit: assign({
      lineEdit: ({ spawn }, params: { element: WidgetElement }) =>
        spawn('elementLineEdit', { id: 'elementLineEdit', input: { element: params.element } }),
    }),
    closeLineEdit: enqueueActions(({ enqueue }) => {
      enqueue(stopChild('elementLineEdit'));
      enqueue.assign({ lineEdit: null });
    }),
    /** A notification naming the dashboard ({name} in the message). */
    notify: sendTo(
      notifications,
      ({ context }, params: { kind: NotificationKind; id: MessageId }): NotificationsEvent => ({
        type: 'notification.show',
        kind: params.kind,
        message: { id: params.id, values: { name: context.stored?.name ?? context.id ?? '' } },
      }),
    ),
  },
});
