import type { Dashboard, DashboardDeleted } from '#contracts';
import { notify } from '../notifications/notify';
import { notifyNamed, opened, savedOrders } from './dashboards.dialogs';
import { dashboardPath, dashboardsSetup } from './dashboards.setup';
import { sortingPayload } from './dashboardsModel';

/** The states of the list's calls (the dialogs: dashboards.dialogs.ts); each returns to idle. */

/** The wizard's output once the `imported` guard passed (null only when it was cancelled). */
const importedOf = ({ event }: { event: { output: Dashboard | null } }) => event.output as Dashboard;
const target = ({ context }: { context: { targetId: string | null } }) => ({ id: context.targetId ?? '' });

type Deleted = { event: { output: DashboardDeleted } };
/** A deleted dashboard leaves the list; the user is told, and so is the editor, which may be showing it. */
const removed = [
  notifyNamed('success', 'dashboards.deleted'),
  { type: 'removeDashboard', params: ({ event }: Deleted) => ({ deleted: event.output }) },
  {
    type: 'tellEditor',
    params: ({ event }: Deleted) => ({ event: { type: 'dashboard.deleted' as const, id: event.output.id } }),
  },
] as const;

/** SPEC §2: deleting a dashboard asks first. */
export const confirmingDelete = dashboardsSetup.createStateConfig({
  description: 'A dialog asks the user to confirm deleting the dashboard.',
  on: { 'dashboards.confirmDelete': 'deleting', 'dashboards.cancelDelete': 'idle' },
});

export const deleting = dashboardsSetup.createStateConfig({
  description: 'The dashboard is being deleted; if it was selected, another one opens.',
  invoke: {
    id: 'deleteDashboard',
    src: 'deleteDashboard',
    input: target,
    onDone: [
      {
        guard: 'selectedDeleted',
        target: 'idle',
        actions: [
          ...removed,
          'selectReplacement',
          {
            type: 'navigate',
            params: ({ context }) => ({
              path: context.selectedId ? dashboardPath(context.selectedId) : '/',
            }),
          },
        ],
      },
      { target: 'idle', actions: removed },
    ],
    onError: { target: 'idle', actions: notifyNamed('error', 'dashboards.deleteFailed') },
  },
});

export const favoriting = dashboardsSetup.createStateConfig({
  description: "The dashboard is being made the user's favourite.",
  invoke: {
    id: 'favoriteDashboard',
    src: 'favoriteDashboard',
    input: target,
    onDone: {
      target: 'idle',
      actions: [
        { type: 'setFavorite', params: ({ event }) => ({ id: event.output.id }) },
        notifyNamed('success', 'dashboards.favoriteSet'),
      ],
    },
    onError: { target: 'idle', actions: notifyNamed('error', 'dashboards.favoriteFailed') },
  },
});

// The moved orders show at once; a failed save reloads the stored ones.
export const reordering = dashboardsSetup.createStateConfig({
  description: "The moved dashboard's new place is being saved; a failure reloads the stored order.",
  invoke: {
    id: 'saveSorting',
    src: 'saveSorting',
    input: ({ context }) => sortingPayload(context, context.settings),
    onDone: { target: 'idle', actions: savedOrders },
    onError: { target: '#dashboards.loading', actions: notify('error', 'dashboards.sortingFailed') },
  },
});

export const exporting = dashboardsSetup.createStateConfig({
  description: 'The dashboard is being exported to a file the browser downloads.',
  invoke: {
    id: 'exportDashboard',
    src: 'exportDashboard',
    input: target,
    onDone: {
      target: 'idle',
      actions: {
        type: 'saveFile',
        params: ({ event }) => ({
          fileName: event.output.fileName,
          contents: JSON.stringify(event.output.dashboard, null, 2),
        }),
      },
    },
    onError: { target: 'idle', actions: notifyNamed('error', 'dashboards.exportFailed') },
  },
});

export const importing = dashboardsSetup.createStateConfig({
  description: 'The import wizard is open; an imported dashboard joins the list and opens.',
  invoke: {
    id: 'importWizard',
    src: 'importWizard',
    onDone: [
      {
        guard: { type: 'imported', params: ({ event }) => ({ dashboard: event.output }) },
        target: 'idle',
        actions: [
          ...opened(importedOf),
          {
            type: 'notify',
            params: (args) => ({
              kind: 'success',
              id: 'importWizard.imported',
              values: { name: importedOf(args).name },
            }),
          },
        ],
      },
      { target: 'idle' },
    ],
  },
});

/** Deleting a group asks first, as deleting a dashboard does; its dashboards would stay. */
export const confirmingGroupDelete = dashboardsSetup.createStateConfig({
  description:
    'A dialog asks the user to confirm deleting the group (its dashboards stay, outside any group).',
  on: { 'dashboards.confirmDelete': 'deletingGroup', 'dashboards.cancelDelete': 'idle' },
});

export const deletingGroup = dashboardsSetup.createStateConfig({
  description: 'The group is being deleted.',
  invoke: {
    id: 'deleteGroup',
    src: 'deleteGroup',
    input: target,
    onDone: {
      target: 'idle',
      actions: ['removeGroup', notify('success', 'dashboards.groupDeleted')],
    },
    onError: { target: 'idle', actions: notify('error', 'dashboards.groupDeleteFailed') },
  },
});
