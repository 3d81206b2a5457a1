import type { OpenedDashboard } from '#contracts';
import { DEFAULT_PREFERENCES } from '../userPreferences';
import {
  closedDashboard,
  dashboardEditorSetup,
  updateOf,
  widgetEditorInput,
  type DashboardExit,
} from './dashboardEditor.setup';
import { notify } from '../notifications/notify';

const exitTo = (exit: DashboardExit) => ({ type: 'assignExit', params: { exit } }) as const;

/**
 * The dashboard view of SPEC §2/§4: loads the dashboard of the route, shows it, and edits it (grid, rename)
 * until it is saved or discarded (types, guards and actions: dashboardEditor.setup.ts). Leaving with unsaved
 * changes (Done, another route, back or forward, logout) is asked about before it happens: the navigation
 * service holds every move away from a loaded dashboard until the editor lets it through. A save from a stale
 * copy (409) asks whether to reload the stored copy or keep editing over it.
 */
export const dashboardEditorMachine = dashboardEditorSetup.createMachine({
  id: 'dashboardEditor',
  context: { ...closedDashboard, id: null, preferences: DEFAULT_PREFERENCES },
  initial: 'idle',
  on: {
    'dashboard.open': [
      // The same dashboard again (another route report): keep what is loaded and edited.
      { guard: { type: 'sameDashboard', params: ({ event }) => ({ id: event.id }) } },
      {
        target: '.loading',
        actions: { type: 'openDashboard', params: ({ event }) => ({ id: event.id }) },
      },
    ],
    'dashboard.deleted': {
      guard: { type: 'sameDashboard', params: ({ event }) => ({ id: event.id }) },
      actions: 'dropEdits',
    },
    'dashboard.renamed': {
      guard: { type: 'sameDashboard', params: ({ event }) => ({ id: event.dashboard.id }) },
      actions: { type: 'applyRenamed', params: ({ event }) => ({ dashboard: event.dashboard }) },
    },
    'dashboard.close': { target: '.idle', actions: 'forgetDashboard' },
    'dashboard.preferencesChanged': {
      actions: [
        { type: 'assignPreferences', params: ({ event }) => ({ preferences: event.preferences }) },
        // Elements using the default PC number read the user's (new) default.
        'syncHistory',
      ],
    },
  },
  states: {
    idle: { description: 'No dashboard is open.' },
    left: {
      description:
        'The user left with the unsaved changes saved or discarded: the move asked for is made (or the logout goes on); the route report follows.',
      entry: [
        'dropEdits',
        {
          type: 'proceed',
          params: ({ context: { exit } }) =>
            exit?.kind === 'route' ? { path: exit.path, replace: exit.replace } : null,
        },
        'allowLogout',
      ],
    },
    loading: {
      description: 'The chosen dashboard is being fetched.',
      invoke: {
        id: 'loadDashboard',
        src: 'loadDashboard',
        input: ({ context }) => ({ id: context.id ?? '' }),
        onDone: {
          target: 'loaded',
          // The list shows the stored name too (it may have been renamed elsewhere since the list loaded).
          actions: [
            { type: 'assignLoaded', params: ({ event }) => ({ dashboard: event.output }) },
            'tellList',
          ],
        },
        onError: {
          target: 'failed',
          actions: notify('error', 'dashboardEditor.loadFailed'),
        },
      },
    },
    failed: {
      description: 'The dashboard could not be loaded; a notification says so and the user can reload.',
      on: { 'dashboard.reload': 'loading' },
    },
    loaded: {
      description:
        'The dashboard is shown with live and historical values; widgets can be shown full screen, downloaded and annotated.',
      entry: ['syncLive', 'syncHistory'],
      exit: ['unsubscribeLive', 'stopHistory', 'closeLineEdit', 'closeAnnotations'],
      invoke: { id: 'holdNavigation', src: 'holdNavigation' },
      initial: 'viewing',
      on: {
        // Edit mode asks about unsaved changes (editing); with a dialog of edit mode open over them the move
        // is refused (the address stays), the dialog is answered first; without changes the move goes on.
        'navigation.requested': [
          { guard: 'dirty' },
          {
            actions: {
              type: 'proceed',
              params: ({ event }) => ({ path: event.path, replace: event.replace }),
            },
          },
        ],
        'page.valuesPushed': {
          guard: { type: 'subscribedTopic', params: ({ event }) => ({ topic: event.topic }) },
          actions: { type: 'applyPushedValues', params: ({ event }) => event },
        },
        'dashboard.toggleFullscreen': {
          actions: { type: 'toggleFullscreen', params: ({ event }) => ({ id: event.id }) },
        },
        'dashboard.downloadWidget': {
          actions: {
            type: 'startDownload',
            params: ({ event }) => ({ id: event.id, exportType: event.exportType }),
          },
        },
        'dashboard.editLine': {
          guard: 'lineEditIdle',
          actions: { type: 'openLineEdit', params: ({ event }) => ({ element: event.element }) },
        },
        'xstate.done.actor.elementLineEdit': { actions: 'closeLineEdit' },
        // Annotations are saved on their own, in view mode too (annotationsMachine).
        'dashboard.editAnnotations': {
          guard: { type: 'annotatable', params: ({ event }) => ({ id: event.id }) },
          actions: { type: 'openAnnotations', params: ({ event }) => ({ id: event.id }) },
        },
        'dashboard.annotationsSaved': {
          actions: { type: 'applyAnnotations', params: ({ event }) => event },
        },
        'xstate.done.actor.annotations': { actions: 'closeAnnotations' },
      },
      states: {
        viewing: {
          description: 'The dashboard is shown read-only; the user can switch to edit mode.',
          on: { 'dashboard.edit': { target: 'editing', actions: 'restoreStored' } },
        },
        editing: {
          description:
            'Edit mode: the user moves, adds, edits and removes widgets, renames the dashboard, saves or leaves.',
          on: {
            'dashboard.layoutChanged': {
              guard: { type: 'layoutMoved', params: ({ event }) => ({ layout: event.layout }) },
              actions: { type: 'applyLayout', params: ({ event }) => ({ layout: event.layout }) },
            },
            'dashboard.removeWidget': {
              actions: [
                { type: 'removeWidget', params: ({ event }) => ({ id: event.id }) },
                'syncLive',
                'syncHistory',
              ],
            },
            'dashboard.addWidget': {
              target: 'editingWidget',
              actions: { type: 'assignWidgetId', params: { id: null } },
            },
            'dashboard.editWidget': {
              guard: { type: 'editableWidget', params: ({ event }) => ({ id: event.id }) },
              target: 'editingWidget',
              actions: { type: 'assignWidgetId', params: ({ event }) => ({ id: event.id }) },
            },
            'dashboard.rename': { target: 'renaming', actions: 'startRename' },
            'dashboard.save': 'saving',
            'dashboard.leaveEdit': [
              { guard: 'dirty', target: 'confirmingLeave', actions: exitTo({ kind: 'view' }) },
              { target: 'viewing' },
            ],
            'navigation.requested': {
              guard: 'dirty',
              target: 'confirmingLeave',
              actions: {
                type: 'assignExit',
                params: ({ event }) => ({
                  exit: { kind: 'route', path: event.path, replace: event.replace },
                }),
              },
            },
            // The app asks only with unsaved changes.
            'session.logoutRequested': {
              target: 'confirmingLeave',
              actions: {
                type: 'assignExit',
                params: ({ event }) => ({ exit: { kind: 'logout', replyTo: event.replyTo } }),
              },
            },
          },
        },
        // The widget details dialog (widgetEditor machine); a saved widget replaces its old copy or is added.
        editingWidget: {
          description: 'The widget details dialog is open for a new or existing widget.',
          invoke: {
            id: 'widgetEditor',
            src: 'widgetEditor',
            input: ({ context }) => widgetEditorInput(context),
            onDone: [
              {
                guard: { type: 'widgetSaved', params: ({ event }) => ({ output: event.output }) },
                target: 'editing',
                actions: [
                  { type: 'placeWidget', params: ({ event }) => ({ output: event.output }) },
                  'syncLive',
                  'syncHistory',
                ],
              },
              { target: 'editing' },
            ],
          },
        },
        renaming: {
          description: "The dashboard's name is being edited; an invalid name shows an error.",
          on: {
            'rename.change': {
              actions: { type: 'changeRename', params: ({ event }) => ({ value: event.value }) },
            },
            'rename.submit': [
              { guard: 'renameValid', target: 'editing', actions: 'applyRename' },
              { actions: 'showRenameError' },
            ],
            'rename.cancel': 'editing',
          },
        },
        confirmingLeave: {
          description:
            'The user is leaving with unsaved changes (Done, another route, back or forward, logout): a dialog asks to save, discard or stay.',
          on: {
            'dashboard.confirmSave': 'saving',
            'dashboard.discard': [
              { guard: 'leavingAway', target: '#dashboardEditor.left' },
              { target: 'viewing', actions: ['restoreStored', 'syncLive', 'syncHistory', 'forgetExit'] },
            ],
            'dashboard.stayEditing': { target: 'editing', actions: 'forgetExit' },
          },
        },
        saved: {
          description:
            'The dashboard was saved; the user goes on where they were leaving to, or goes on editing.',
          always: [
            { guard: 'leavingAway', target: '#dashboardEditor.left' },
            { guard: 'leaving', target: 'viewing', actions: 'forgetExit' },
            { target: 'editing' },
          ],
        },
        // One save for both Save and the unsaved-changes question; the exit asked about says where it lands.
        saving: {
          description:
            'The dashboard is being saved; a conflict asks what to do, another failure keeps the edits with an error.',
          invoke: {
            id: 'saveDashboard',
            src: 'saveDashboard',
            input: ({ context }) => updateOf(context.draft as OpenedDashboard),
            onDone: {
              target: 'saved',
              actions: [
                { type: 'assignLoaded', params: ({ event }) => ({ dashboard: event.output }) },
                'syncLive',
                'syncHistory',
                'tellList',
                notify('success', 'dashboardEditor.saved'),
              ],
            },
            onError: [
              {
                guard: { type: 'conflict', params: ({ event }) => ({ error: event.error }) },
                target: 'resolvingConflict',
                actions: { type: 'assignConflict', params: ({ event }) => ({ error: event.error }) },
              },
              {
                guard: 'leaving',
                target: 'confirmingLeave',
                actions: notify('error', 'dashboardEditor.saveFailed'),
              },
              {
                target: 'editing',
                actions: notify('error', 'dashboardEditor.saveFailed'),
              },
            ],
          },
        },
        resolvingConflict: {
          description:
            'The save met a change made elsewhere: a dialog offers to reload the stored copy or keep editing (the next save overwrites it).',
          on: {
            'dashboard.reloadStored': '#dashboardEditor.loading',
            'dashboard.stayEditing': { target: 'editing', actions: 'takeStoredVersion' },
          },
        },
      },
    },
  },
});
