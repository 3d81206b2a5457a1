import type { MessageId } from '../../i18n/messages';
import { notify } from '../notifications/notify';
import type { DashboardGroupSaveInput } from '../../services/api';
import type { DashboardsEvent } from './dashboards.events';
import type { Dashboard, DashboardGroup, DashboardsList, DashboardSummary } from '#contracts';
import { dashboardNamed, dashboardPath, dashboardsSetup, type DashboardsContext } from './dashboards.setup';
import { nextOrder, sortingPayload } from './dashboardsModel';

/** Where every dialog and call of the list returns. */
const IDLE = '#dashboards.loaded.idle';

type Args = { context: DashboardsContext; event: DashboardsEvent };
type Done<T> = { event: { output: T } };

export const byId = ({ event }: Args) => ({ id: (event as Extract<DashboardsEvent, { id: string }>).id });
const named = ({ context }: Pick<Args, 'context'>) => ({
  name: dashboardNamed(context, context.targetId),
});

/** The notify action naming the target dashboard (or the saved thing's name); a fixed message: `notify`. */
export const notifyNamed = (kind: 'success' | 'error', id: MessageId) =>
  ({ type: 'notify', params: (args: Pick<Args, 'context'>) => ({ kind, id, values: named(args) }) }) as const;
const notifyOutput = (kind: 'success' | 'error', id: MessageId) =>
  ({
    type: 'notify',
    params: ({ event }: Done<{ name: string }>) => ({ kind, id, values: { name: event.output.name } }),
  }) as const;

/**
 * The saving step every dialog shares: it invokes `src` (the actor's id too); saved, the dialog closes (idle);
 * not saved, its `editing` step shows again.
 */
function saving<const Src extends string, const Input, const Saved, const Failed>(
  src: Src,
  input: Input,
  saved: Saved,
  failed: Failed,
) {
  return {
    description:
      'What the dialog holds is being saved; saved, the dialog closes, else it shows again with an error.',
    invoke: {
      id: src,
      src,
      input,
      onDone: { target: IDLE, actions: saved },
      onError: { target: 'editing' as const, actions: failed },
    },
  };
}

/** A saved sorting answers the whole list; the selection stays. */
export const savedOrders = [
  { type: 'assignList', params: ({ event }: Done<DashboardsList>) => ({ list: event.output }) },
  { type: 'select', params: ({ context }: Pick<Args, 'context'>) => ({ id: context.selectedId }) },
] as const;

/** A new dashboard (created, or imported: `of` reads it from the done event) joins the list and opens. */
export function opened<E>(of: (args: E) => Dashboard) {
  return [
    { type: 'addDashboard', params: (args: E) => ({ dashboard: of(args) }) },
    { type: 'select', params: (args: E) => ({ id: of(args).id }) },
    { type: 'navigate', params: (args: E) => ({ path: dashboardPath(of(args).id) }) },
  ] as const;
}

/** The title prompt of create and rename. */
const promptEditing = dashboardsSetup.createStateConfig({
  description:
    'The name prompt is open: the user types a name and submits or cancels; a blank name is refused.',
  on: {
    'prompt.change': { actions: { type: 'changePrompt', params: ({ event }) => event } },
    'prompt.submit': [{ guard: 'promptBlank', actions: 'rejectPrompt' }, { target: 'saving' }],
    'prompt.cancel': IDLE,
  },
});

/** What the group dialog saves: a new group goes last; an existing one keeps its order and expanded state. */
function groupSave({ context }: Pick<Args, 'context'>): DashboardGroupSaveInput {
  const { id, name, dashboardIds } = context.group;
  const existing = context.groups.find((g) => g.id === id);
  return existing
    ? {
        id: existing.id,
        name: name.trim(),
        order: existing.order,
        expanded: existing.expanded,
        dashboardsData: dashboardIds,
      }
    : { name: name.trim(), order: nextOrder(context), dashboardsData: dashboardIds };
}

export const creating = dashboardsSetup.createStateConfig({
  description: 'The new dashboard prompt is open.',
  initial: 'editing',
  states: {
    editing: promptEditing,
    saving: saving(
      'createDashboard',
      ({ context }: Pick<Args, 'context'>) => ({ name: context.prompt.value.trim() }),
      // SPEC §4: the new one is selected (and favorite when the server made it so).
      [
        ...opened(({ event }: Done<Dashboard>) => event.output),
        notifyOutput('success', 'dashboards.created'),
      ],
      notify('error', 'dashboards.saveFailed'),
    ),
  },
});

export const renaming = dashboardsSetup.createStateConfig({
  description: 'The rename prompt is open for a dashboard.',
  initial: 'editing',
  states: {
    editing: promptEditing,
    saving: saving(
      'renameDashboard',
      ({ context }: Pick<Args, 'context'>) => ({
        id: context.targetId ?? '',
        name: context.prompt.value.trim(),
      }),
      [
        {
          type: 'renameDashboard',
          params: ({ event }: Done<DashboardSummary>) => ({ dashboard: event.output }),
        },
        {
          type: 'tellEditor',
          params: ({ event }: Done<DashboardSummary>) => ({
            event: { type: 'dashboard.renamed' as const, dashboard: event.output },
          }),
        },
        notifyOutput('success', 'dashboards.renamed'),
      ],
      notifyNamed('error', 'dashboards.renameFailed'),
    ),
  },
});

/** The sorting settings dialog. */
export const sorting = dashboardsSetup.createStateConfig({
  description: 'The sorting dialog is open: mode and direction of the dashboards menu.',
  initial: 'editing',
  states: {
    editing: {
      description: 'The user chooses the sort mode and direction, then saves or cancels.',
      on: {
        'sorting.mode': {
          actions: { type: 'changeSorting', params: ({ event }) => ({ sortMode: event.mode }) },
        },
        'sorting.direction': {
          actions: { type: 'changeSorting', params: ({ event }) => ({ sortDirection: event.direction }) },
        },
        'sorting.submit': 'saving',
        'sorting.cancel': IDLE,
      },
    },
    saving: saving(
      'saveSorting',
      ({ context }: Pick<Args, 'context'>) => sortingPayload(context, context.sorting),
      [...savedOrders, notify('success', 'dashboards.sortingSaved')],
      notify('error', 'dashboards.sortingFailed'),
    ),
  },
});

/** The group dialog; SPEC §5: the name is unique among the user's groups (the group itself excepted). */
export const grouping = dashboardsSetup.createStateConfig({
  description: 'The group dialog is open to create or edit a group of dashboards.',
  initial: 'editing',
  states: {
    editing: {
      description: 'The user names the group and picks its dashboards; a blank or taken name is refused.',
      on: {
        'group.name': { actions: { type: 'changeGroupName', params: ({ event }) => event } },
        'group.toggleDashboard': {
          guard: { type: 'knownDashboard', params: byId },
          actions: { type: 'toggleGroupDashboard', params: byId },
        },
        'group.submit': [
          {
            guard: 'groupNameBlank',
            actions: { type: 'rejectGroupName', params: { error: 'dashboards.groupNameRequired' } },
          },
          { target: 'validating' },
        ],
        'group.cancel': IDLE,
      },
    },
    // The server decides.
    validating: {
      description: "The server checks that the group's name is free.",
      invoke: {
        id: 'validateGroupName',
        src: 'validateGroupName',
        input: ({ context }) => ({ id: context.group.id ?? undefined, name: context.group.name.trim() }),
        onDone: [
          { guard: { type: 'nameFree', params: ({ event }) => ({ valid: event.output }) }, target: 'saving' },
          {
            target: 'editing',
            actions: { type: 'rejectGroupName', params: { error: 'dashboards.groupNameTaken' } },
          },
        ],
        onError: { target: 'editing', actions: notify('error', 'dashboards.groupSaveFailed') },
      },
    },
    saving: saving(
      'saveGroup',
      groupSave,
      [
        { type: 'applyGroup', params: ({ event }: Done<DashboardGroup>) => ({ group: event.output }) },
        notifyOutput('success', 'dashboards.groupSaved'),
      ],
      notify('error', 'dashboards.groupSaveFailed'),
    ),
  },
});
