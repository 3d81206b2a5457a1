import { assign, enqueueActions, fromCallback, sendTo, setup, stopChild } from 'xstate';
import { DashboardConflictError } from '../../services/api';
import {
  isInvalidWidget,
  type Annotation,
  type Dashboard,
  type DashboardSummary,
  type DashboardUpdateInput,
  type LiveLine,
  type OpenedDashboard,
  type PageTopic,
  type WidgetElement,
  type WidgetExportType,
} from '#contracts';
import { annotationsMachine } from '../annotations/annotationsMachine';
import type { DashboardsEvent } from '../dashboards/dashboards.events';
import { elementLineEditMachine } from '../elementLineEdit/elementLineEditMachine';
import { historyQueryMachine } from '../historyQuery/historyQueryMachine';
import { SYSTEM_IDS } from '../systemIds';
import type { UserPreferences } from '../userPreferences';
import { widgetEditorMachine } from '../widgetEditor/widgetEditorMachine';
import type { WidgetEditorOutput } from '../widgetEditor/widgetEditor.events';
import type { NavigationRequest } from '../../services/navigation';
import type { AppEvent } from '../app/app.events';
import {
  annotationsInput,
  closedDashboard,
  shownWidget,
  type DashboardEditorContext,
  type DashboardExit,
} from './dashboardEditor.context';
import type { DashboardEditorEvent, LayoutItem, SocketSubscriptionEvent } from './dashboardEditor.events';
import type { WidgetDownloadRequest } from './widgetDownload';
import { historyActorId, historyConfigs, shownRange } from './historyActors';
import {
  dashboardTopics,
  layoutMoved,
  lineKey,
  topicKey,
  withAnnotations,
  withLayout,
  withWidget,
} from './dashboardEditor.model';
import { notificationOf, notifications, type NotifyParams } from '../notifications/notify';

export { elementKey, layoutMoved } from './dashboardEditor.model';
import { notProvided } from '../notProvided';
export { updateOf } from './updateOf';
export { closedDashboard, widgetEditorInput } from './dashboardEditor.context';
export type { DashboardEditorContext, DashboardExit } from './dashboardEditor.context';

/** The draft with `change` applied; the dashboard becomes dirty. */
const editDraft = (context: DashboardEditorContext, change: (draft: OpenedDashboard) => OpenedDashboard) => ({
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
    loadDashboard: notProvided<OpenedDashboard, { id: string }>('loadDashboard'),
    saveDashboard: notProvided<Dashboard, DashboardUpdateInput>('saveDashboard'),
    elementLineEdit: elementLineEditMachine,
    // Provided by the wiring with the annotations save (provideSignedInWorld.ts).
    annotations: annotationsMachine,
    /**
     * Holds every move away from the loaded dashboard (links, back and forward) and reports it as
     * `navigation.requested`; provided by the wiring with the navigation service (provideSignedInWorld.ts).
     */
    holdNavigation: fromCallback<DashboardEditorEvent>(() => () => {}),
    widgetEditor: widgetEditorMachine,
    // Provided by the wiring (widgetDownload.ts builds it from the API and the browser's save).
    downloadWidget: notProvided<void, WidgetDownloadRequest>('downloadWidget'),
    // Provided by the wiring with the API client, the clock and the time zone (provideHistoryQuery.ts).
    historyQuery: historyQueryMachine,
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
    /** Only widgets their schema accepts open in the widget details dialog; invalid ones can only be deleted. */
    editableWidget: ({ context }, params: { id: string }) =>
      Boolean(context.draft?.widgets.some((widget) => widget.id === params.id && !isInvalidWidget(widget))),
    leaving: ({ context }) => context.exit !== null,
    /** Leaving the dashboard (another route, back or forward, logout), not just edit mode. */
    leavingAway: ({ context }) => context.exit !== null && context.exit.kind !== 'view',
    widgetSaved: (_, params: { output: WidgetEditorOutput }) => params.output !== null,
    lineEditIdle: ({ context }) => context.lineEdit === null,
    /** A widget its schema accepts, while no annotations dialog is open. */
    annotatable: ({ context }, params: { id: string }) =>
      context.annotations === null && shownWidget(context, params.id) !== undefined,
  },
  actions: {
    openDashboard: assign((_, params: { id: string }) => ({ ...closedDashboard, id: params.id })),
    forgetDashboard: assign({ ...closedDashboard, id: null }),
    // Side effect, provided by the wiring: a held move the editor lets through (null: none to make).
    proceed: (_, _params: NavigationRequest | null) => {},
    dropEdits: assign({ dirty: false }),
    /** A rename from the list: the new name and version, so the next save is not a conflict. */
    applyRenamed: assign(({ context }, params: { dashboard: DashboardSummary }) => {
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
    assignExit: assign((_, params: { exit: DashboardExit }) => ({ exit: params.exit })),
    forgetExit: assign({ exit: null }),
    /** After a held logout, the unsaved question answered: the app signs out. */
    allowLogout: enqueueActions(({ context, enqueue }) => {
      if (context.exit?.kind !== 'logout') return;
      const allowed: AppEvent = { type: 'session.logoutAllowed' };
      enqueue.sendTo(context.exit.replyTo, allowed);
    }),
    assignConflict: assign((_, params: { error: unknown }) => ({
      conflictVersion: params.error instanceof DashboardConflictError ? params.error.currentVersion : null,
      exit: null,
    })),
    /** Keep editing after a conflict: the draft takes the stored version, so the next save overwrites it. */
    takeStoredVersion: assign(({ context }) => ({
      draft: context.draft && { ...context.draft, version: context.conflictVersion ?? context.draft.version },
      conflictVersion: null,
    })),
    assignLoaded: assign((_, params: { dashboard: OpenedDashboard }) => ({
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
      const socket = system.get(SYSTEM_IDS.socket);
      if (!socket) return;
      const send = (type: SocketSubscriptionEvent['type'], topic: PageTopic) => {
        const event: SocketSubscriptionEvent = { type, topic, subscriber: self };
        enqueue.sendTo(socket, event);
      };
      for (const topic of context.topics) if (!wanted.has(topicKey(topic))) send('socket.unsubscribe', topic);
      for (const topic of topics) if (!held.has(topicKey(topic))) send('socket.subscribe', topic);
    }),
    unsubscribeLive: enqueueActions(({ context, enqueue, self, system }) => {
      const socket = system.get(SYSTEM_IDS.socket);
      if (socket) {
        for (const topic of context.topics) {
          const event: SocketSubscriptionEvent = { type: 'socket.unsubscribe', topic, subscriber: self };
          enqueue.sendTo(socket, event);
        }
      }
      enqueue.assign({ topics: [], values: {} });
    }),
    applyPushedValues: assign({
      values: ({ context }, params: { topic: PageTopic; lines: readonly LiveLine[] }) => {
        const values = { ...context.values };
        for (const { number, status, value, unit, state = null } of params.lines) {
          values[lineKey(params.topic, number)] = { status, value, unit, state };
        }
        return values;
      },
    }),
    startDownload: enqueueActions(
      ({ context, enqueue }, params: { id: string; exportType: WidgetExportType }) => {
        const widget = context.draft?.widgets.find(({ id }) => id === params.id);
        if (!widget || !context.id) return;
        const input: WidgetDownloadRequest = {
          dashboardId: context.id,
          widgetId: widget.id,
          exportType: params.exportType,
          name: widget.name,
          // A widget showing history downloads the range it shows (a chosen range or a zoom included).
          range: shownRange(context.history[widget.id]),
        };
        enqueue.spawnChild('downloadWidget', { input });
      },
    ),
    /**
     * Keeps one history query actor per widget of the draft that reads history, as syncLive keeps the socket
     * subscriptions: new widgets get one, removed ones lose theirs, edited ones are told what they now read.
     */
    syncHistory: enqueueActions(({ context, enqueue }) => {
      const configs = historyConfigs(context.draft, context.preferences.defaultPcNumber);
      for (const [id, actor] of Object.entries(context.history)) {
        const config = configs.get(id);
        if (config) enqueue.sendTo(actor, { type: 'history.configure', config });
        else enqueue.stopChild(actor);
      }
      enqueue.assign({
        history: ({ spawn }) =>
          Object.fromEntries(
            [...configs].map(([id, config]) => [
              id,
              context.history[id] ??
                spawn('historyQuery', { id: historyActorId(id), input: { config, widgetId: id } }),
            ]),
          ),
      });
    }),
    stopHistory: enqueueActions(({ context, enqueue }) => {
      for (const actor of Object.values(context.history)) enqueue.stopChild(actor);
      enqueue.assign({ history: {} });
    }),
    assignPreferences: assign({
      preferences: (_, params: { preferences: UserPreferences }) => params.preferences,
    }),
    openAnnotations: assign({
      annotations: ({ context, spawn }, params: { id: string }) =>
        spawn('annotations', { id: 'annotations', input: annotationsInput(context, params.id) }),
    }),
    /** Saved annotations are no edit: the stored copy and the draft show them, the draft as dirty as it was. */
    applyAnnotations: assign(({ context }, params: { widgetId: string; annotations: Annotation[] }) => ({
      stored: context.stored && withAnnotations(context.stored, params.widgetId, params.annotations),
      draft: context.draft && withAnnotations(context.draft, params.widgetId, params.annotations),
    })),
    closeAnnotations: enqueueActions(({ enqueue }) => {
      enqueue(stopChild('annotations'));
      enqueue.assign({ annotations: null });
    }),
    openLineEdit: assign({
      lineEdit: ({ spawn }, params: { element: WidgetElement }) =>
        spawn('elementLineEdit', { id: 'elementLineEdit', input: { element: params.element } }),
    }),
    closeLineEdit: enqueueActions(({ enqueue }) => {
      enqueue(stopChild('elementLineEdit'));
      enqueue.assign({ lineEdit: null });
    }),
    /** A notification naming the dashboard ({name} in the message). */
    notify: sendTo(notifications, ({ context }, { kind, id }: Omit<NotifyParams, 'values'>) =>
      notificationOf(undefined, { kind, id, values: { name: context.stored?.name ?? context.id ?? '' } }),
    ),
  },
});
