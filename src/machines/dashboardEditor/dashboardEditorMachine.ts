import type { Dashboard } from '../../services/contracts';
import { closedDashboard, dashboardEditorSetup, updateOf } from './dashboardEditor.setup';

export type { DashboardEditorContext } from './dashboardEditor.setup';

/**
 * The dashboard view of SPEC §2/§4: loads the dashboard of the route, shows it, and edits its grid (move,
 * resize, remove widgets) until it is saved or discarded (types, guards and actions: dashboardEditor.setup.ts).
 * A save from a stale copy (409) reloads the stored one.
 */
export const dashboardEditorMachine = dashboardEditorSetup.createMachine({
  id: 'dashboardEditor',
  context: { ...closedDashboard, id: null },
  initial: 'idle',
  on: {
    'dashboard.open': [
      // The same dashboard again (another route report): keep what is loaded and edited.
      { guard: { type: 'sameDashboard', params: ({ event }) => ({ id: event.id }) } },
      { target: '.loading', actions: { type: 'openDashboard', params: ({ event }) => ({ id: event.id }) } },
    ],
    'dashboard.close': { target: '.idle', actions: 'forgetDashboard' },
  },
  states: {
    idle: {},
    loading: {
      invoke: {
        id: 'loadDashboard',
        src: 'loadDashboard',
        input: ({ context }) => ({ id: context.id ?? '' }),
        onDone: {
          target: 'loaded',
          actions: { type: 'assignLoaded', params: ({ event }) => ({ dashboard: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'notify', params: { kind: 'error', id: 'dashboardEditor.loadFailed' } },
        },
      },
    },
    failed: { on: { 'dashboard.reload': 'loading' } },
    loaded: {
      entry: 'subscribeLive',
      exit: 'unsubscribeLive',
      initial: 'viewing',
      on: {
        'page.valuesPushed': {
          guard: { type: 'subscribedTopic', params: ({ event }) => ({ topic: event.topic }) },
          actions: { type: 'applyPushedValues', params: ({ event }) => event },
        },
        'dashboard.toggleFullscreen': {
          actions: { type: 'toggleFullscreen', params: ({ event }) => ({ id: event.id }) },
        },
      },
      states: {
        viewing: {
          on: { 'dashboard.edit': { target: 'editing', actions: 'restoreStored' } },
        },
        editing: {
          on: {
            'dashboard.layoutChanged': {
              guard: { type: 'layoutMoved', params: ({ event }) => ({ layout: event.layout }) },
              actions: { type: 'applyLayout', params: ({ event }) => ({ layout: event.layout }) },
            },
            'dashboard.removeWidget': {
              actions: { type: 'removeWidget', params: ({ event }) => ({ id: event.id }) },
            },
            'dashboard.save': 'saving',
            'dashboard.leaveEdit': [{ guard: 'dirty', target: 'confirmingLeave' }, { target: 'viewing' }],
          },
        },
        confirmingLeave: {
          on: {
            'dashboard.confirmSave': 'savingAndLeaving',
            'dashboard.discard': { target: 'viewing', actions: 'restoreStored' },
            'dashboard.stayEditing': 'editing',
          },
        },
        saving: {
          invoke: {
            id: 'saveDashboard',
            src: 'saveDashboard',
            input: ({ context }) => updateOf(context.draft as Dashboard),
            onDone: {
              target: 'editing',
              actions: [
                { type: 'assignLoaded', params: ({ event }) => ({ dashboard: event.output }) },
                { type: 'notify', params: { kind: 'success', id: 'dashboardEditor.saved' } },
              ],
            },
            onError: [
              {
                guard: { type: 'conflict', params: ({ event }) => ({ error: event.error }) },
                target: '#dashboardEditor.loading',
                actions: { type: 'notify', params: { kind: 'error', id: 'dashboardEditor.conflict' } },
              },
              {
                target: 'editing',
                actions: { type: 'notify', params: { kind: 'error', id: 'dashboardEditor.saveFailed' } },
              },
            ],
          },
        },
        savingAndLeaving: {
          invoke: {
            id: 'saveDashboard',
            src: 'saveDashboard',
            input: ({ context }) => updateOf(context.draft as Dashboard),
            onDone: {
              target: 'viewing',
              actions: [
                { type: 'assignLoaded', params: ({ event }) => ({ dashboard: event.output }) },
                { type: 'notify', params: { kind: 'success', id: 'dashboardEditor.saved' } },
              ],
            },
            onError: [
              {
                guard: { type: 'conflict', params: ({ event }) => ({ error: event.error }) },
                target: '#dashboardEditor.loading',
                actions: { type: 'notify', params: { kind: 'error', id: 'dashboardEditor.conflict' } },
              },
              {
                target: 'confirmingLeave',
                actions: { type: 'notify', params: { kind: 'error', id: 'dashboardEditor.saveFailed' } },
              },
            ],
          },
        },
      },
    },
  },
});
