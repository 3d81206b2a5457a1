import { assign, sendTo, setup } from 'xstate';
import type { DeviceConfigurationSave } from '#contracts/deviceConfiguration';
import type { DeviceTreeItem } from '#contracts/devices';
import type { SortSettings } from '#contracts/settings';
import {
  moveItem,
  nameErrors,
  renameItem,
  sortItems,
  toConfigItem,
  toSave,
  type ConfigItem,
  type NameErrors,
} from './configurationModel';
import type { DeviceConfigurationEvent, DeviceConfigurationOutput } from './deviceConfiguration.events';
import { notificationOf, notifications, notify } from '../notifications/notify';
import { notProvided } from '../notProvided';

export interface DeviceConfigurationInput {
  tree: DeviceTreeItem[];
  /** The user's deviceConfigurationSettings (SPEC §9 default NAME ASC). */
  settings: SortSettings;
}

export interface DeviceConfigurationContext {
  /** Top-level business groups and devices, always in the order the sort settings give. */
  items: ConfigItem[];
  settings: SortSettings;
  search: string;
  /** Missing names by key; recomputed on every rename. */
  errors: NameErrors;
  /** What was sent, once saved: the output, so the wiring can update the tree and the settings. */
  saved: DeviceConfigurationSave | null;
}

export const deviceConfigurationMachine = setup({
  types: {
    context: {} as DeviceConfigurationContext,
    events: {} as DeviceConfigurationEvent,
    input: {} as DeviceConfigurationInput,
    output: {} as DeviceConfigurationOutput,
  },
  actors: {
    // POST /api/v2/account/settings/devices (provided).
    saveConfiguration: notProvided<void, DeviceConfigurationSave>('saveConfiguration'),
  },
  guards: {
    namesComplete: ({ context }) => Object.keys(context.errors).length === 0,
    // SPEC §4: manual reordering only in CUSTOM order, and never while searching.
    canMove: ({ context }, params: { key: string }) =>
      context.settings.sortMode === 'CUSTOM' &&
      context.search.trim() === '' &&
      context.items.some((item) => item.key === params.key),
  },
  actions: {
    rename: assign(({ context }, params: { key: string; label: string }) => {
      const renamed = renameItem(context.items, params.key, params.label);
      return { items: sortItems(renamed, context.settings), errors: nameErrors(renamed) };
    }),
    changeSort: assign(({ context }, params: Partial<SortSettings>) => {
      const settings = { ...context.settings, ...params };
      return { settings, items: sortItems(context.items, settings) };
    }),
    move: assign({
      items: ({ context }, params: { key: string; toIndex: number }) =>
        sortItems(moveItem(context.items, params.key, params.toIndex, context.settings), context.settings),
    }),
    assignSearch: assign({ search: (_, params: { text: string }) => params.text }),
    // A refused save shows every missing name: the search may hide some.
    revealErrors: assign({ search: '' }),
    rememberSaved: assign({ saved: ({ context }) => toSave(context.items, context.settings) }),
    notify: sendTo(notifications, notificationOf),
  },
}).createMachine({
  id: 'deviceConfiguration',
  context: ({ input }) => {
    const items = input.tree.map(toConfigItem);
    return {
      items: sortItems(items, input.settings),
      settings: input.settings,
      search: '',
      errors: nameErrors(items),
      saved: null,
    };
  },
  initial: 'editing',
  states: {
    editing: {
      description:
        'The device configuration dialog is open: the user renames, sorts, moves and searches devices, then saves or cancels.',
      on: {
        'config.rename': { actions: { type: 'rename', params: ({ event }) => event } },
        'config.sortMode': {
          actions: { type: 'changeSort', params: ({ event }) => ({ sortMode: event.mode }) },
        },
        'config.sortDirection': {
          actions: { type: 'changeSort', params: ({ event }) => ({ sortDirection: event.direction }) },
        },
        'config.move': {
          guard: { type: 'canMove', params: ({ event }) => ({ key: event.key }) },
          actions: { type: 'move', params: ({ event }) => event },
        },
        'config.search': { actions: { type: 'assignSearch', params: ({ event }) => event } },
        'config.save': [
          { guard: 'namesComplete', target: 'saving', actions: 'rememberSaved' },
          { actions: 'revealErrors' },
        ],
        'config.cancel': 'cancelled',
      },
    },
    saving: {
      description:
        'The device names and order are being saved; a failure keeps the dialog open with the edits.',
      invoke: {
        id: 'saveConfiguration',
        src: 'saveConfiguration',
        input: ({ context }) => context.saved as DeviceConfigurationSave,
        onDone: {
          target: 'saved',
          actions: notify('success', 'deviceConfiguration.saved'),
        },
        onError: {
          target: 'editing',
          actions: notify('error', 'deviceConfiguration.saveFailed'),
        },
      },
    },
    saved: {
      description:
        'The configuration was saved; the dialog closes and the sidebar shows the new names and order.',
      type: 'final',
      output: ({ context }) => ({ result: 'saved', configuration: context.saved as DeviceConfigurationSave }),
    },
    cancelled: {
      description: 'The user cancelled; the dialog closes and nothing changes.',
      type: 'final',
      output: { result: 'cancelled' },
    },
  },
  // The reached final state names the result (its output arrives as the done event's output).
  output: ({ event }) => event.output as DeviceConfigurationOutput,
});
