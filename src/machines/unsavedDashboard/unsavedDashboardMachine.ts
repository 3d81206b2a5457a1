import { fromPromise, sendTo, setup } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import { DashboardConflictError } from '../../services/api';
import type { Dashboard, DashboardUpdateInput, OpenedDashboard } from '../../services/contracts';
import type { NotificationKind, NotificationsEvent } from '../notifications/notifications.events';
import { updateOf } from '../dashboardEditor/updateOf';
import { notifications } from '../notifications/notify';

export type UnsavedDashboardEvent = { type: 'unsaved.save' } | { type: 'unsaved.discard' };

export interface UnsavedDashboardInput {
  /** The edited copy the operator navigated away from, with the version it was loaded at. */
  draft: OpenedDashboard;
}

/**
 * Edits are never lost by navigating: when the route leaves a dashboard with unsaved changes, its draft lives
 * on here and the operator is asked, wherever they are, whether to save it or let it go.
 */
export const unsavedDashboardMachine = setup({
  types: {
    context: {} as UnsavedDashboardInput,
    input: {} as UnsavedDashboardInput,
    events: {} as UnsavedDashboardEvent,
  },
  actors: {
    // Provided by the wiring: the same PUT as the dashboard editor's save.
    saveDashboard: fromPromise<Dashboard, DashboardUpdateInput>(() =>
      Promise.reject(new Error('saveDashboard not provided')),
    ),
  },
  guards: {
    conflict: (_, params: { error: unknown }) => params.error instanceof DashboardConflictError,
  },
  actions: {
    notify: sendTo(
      notifications,
      ({ context }, params: { kind: NotificationKind; id: MessageId }): NotificationsEvent => ({
        type: 'notification.show',
        kind: params.kind,
        message: { id: params.id, values: { name: context.draft.name } },
      }),
    ),
  },
}).createMachine({
  id: 'unsavedDashboard',
  context: ({ input }) => input,
  initial: 'asking',
  states: {
    asking: {
      description: 'The user left a dashboard with unsaved changes: a dialog asks to save or discard them.',
      on: { 'unsaved.save': 'saving', 'unsaved.discard': 'done' },
    },
    saving: {
      description: 'The changes are being saved; a failure asks again, a conflict drops them.',
      invoke: {
        id: 'saveDashboard',
        src: 'saveDashboard',
        input: ({ context }) => updateOf(context.draft),
        onDone: {
          target: 'done',
          actions: { type: 'notify', params: { kind: 'success', id: 'dashboardEditor.saved' } },
        },
        onError: [
          {
            guard: { type: 'conflict', params: ({ event }) => ({ error: event.error }) },
            target: 'done',
            actions: { type: 'notify', params: { kind: 'error', id: 'dashboardEditor.conflictUnsaved' } },
          },
          {
            target: 'asking',
            actions: { type: 'notify', params: { kind: 'error', id: 'dashboardEditor.saveFailed' } },
          },
        ],
      },
    },
    done: { description: 'The question is answered; the dialog closes.', type: 'final' },
  },
});
