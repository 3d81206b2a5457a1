import { cleared, deviceTreeSetup, node, pageAddress } from './deviceTree.setup';
import { linesQueryOf, namesQueryOf, pagesQueryOf } from './treeQueues';

export { NAMES_CACHE_MS } from './treeQueues';
export type { DeviceTreeContext } from './deviceTree.setup';
export { treeSettingsOf } from './treeSettings';

/**
 * The sidebar's device tree: loads the tree, then names, pages and lines on demand, one queue each
 * (types, guards and actions: deviceTree.setup.ts).
 */
export const deviceTreeMachine = deviceTreeSetup.createMachine({
  id: 'deviceTree',
  context: ({ input }) => ({ ...cleared, settings: input.settings, search: '', route: null }),
  on: {
    'tree.reset': { target: '.loading', actions: 'reset' },
    'tree.expand': [
      { guard: { type: 'isExpanded', params: node }, actions: { type: 'collapseNode', params: node } },
      {
        guard: { type: 'needsNames', params: node },
        actions: [
          { type: 'expandNode', params: node },
          { type: 'queueNames', params: node },
        ],
      },
      {
        guard: { type: 'needsPages', params: node },
        actions: [
          { type: 'expandNode', params: node },
          { type: 'queuePages', params: node },
        ],
      },
      { actions: { type: 'expandNode', params: node } },
    ],
    'tree.refresh': { actions: 'refresh' },
    'tree.loadLines': {
      guard: { type: 'needsLines', params: ({ event }) => pageAddress(event) },
      actions: { type: 'queueLines', params: ({ event }) => pageAddress(event) },
    },
    'tree.search': { actions: { type: 'assignSearch', params: ({ event }) => ({ text: event.text }) } },
    'tree.settingsChanged': { actions: { type: 'assignSettings', params: ({ event }) => event } },
    'tree.revealRoute': {
      actions: [{ type: 'assignRoute', params: ({ event }) => event }, 'revealRoute'],
    },
    'device.statusChanged': { actions: { type: 'applyStatus', params: ({ event }) => ({ event }) } },
    'department.statusChanged': { actions: { type: 'applyStatus', params: ({ event }) => ({ event }) } },
    'mapping.statusChanged': { actions: { type: 'applyStatus', params: ({ event }) => ({ event }) } },
    'device.silenceChanged': { actions: { type: 'applyStatus', params: ({ event }) => ({ event }) } },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The device tree in the sidebar is being fetched.',
      invoke: {
        id: 'loadTree',
        src: 'loadTree',
        onDone: {
          target: 'loaded',
          actions: [{ type: 'assignTree', params: ({ event }) => ({ items: event.output }) }, 'revealRoute'],
        },
        // SPEC §8: device store load errors are only logged.
        onError: {
          target: 'failed',
          actions: { type: 'logError', params: ({ event }) => ({ what: 'load failed', error: event.error }) },
        },
      },
    },
    failed: {
      description: 'The device tree could not be loaded; the user can reload it.',
      on: { 'tree.reload': 'loading' },
    },
    // Each region runs the loads of its queue one after the other while the rest of the tree stays usable.
    loaded: {
      description:
        'The device tree is shown; names, pages and lines of expanded nodes load as they are needed.',
      on: {
        'tree.reload': 'loading',
        // Re-entering cancels the running loads: their answers would belong to what was just forgotten.
        'tree.refresh': { target: 'loaded', reenter: true, actions: 'refresh' },
      },
      type: 'parallel',
      states: {
        names: {
          description: 'Department names asked for by the tree.',
          initial: 'idle',
          states: {
            idle: {
              description: 'No department names are waiting to be fetched.',
              always: { guard: 'hasQueuedNames', target: 'loading' },
            },
            loading: {
              description: 'Queued department names are being fetched.',
              invoke: {
                id: 'loadNames',
                src: 'loadNames',
                input: ({ context }) => namesQueryOf(context),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'assignNames', params: ({ event }) => ({ names: event.output }) },
                    'dequeueNames',
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [
                    { type: 'logError', params: ({ event }) => ({ what: 'names', error: event.error }) },
                    'dequeueNames',
                  ],
                },
              },
            },
          },
        },
        pages: {
          description: 'Pages of expanded departments.',
          initial: 'idle',
          states: {
            idle: {
              description: 'No pages are waiting to be fetched.',
              always: { guard: 'hasQueuedPages', target: 'loading' },
            },
            loading: {
              description: 'Queued pages are being fetched.',
              invoke: {
                id: 'loadPages',
                src: 'loadPages',
                input: ({ context }) => pagesQueryOf(context),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'assignPages', params: ({ event }) => ({ pages: event.output.pages }) },
                    'dequeuePages',
                  ],
                },
                onError: { target: 'idle', actions: ['notifyLinesFailed', 'dequeuePages'] },
              },
            },
          },
        },
        lines: {
          description: 'Lines of expanded pages.',
          initial: 'idle',
          states: {
            idle: {
              description: 'No lines are waiting to be fetched.',
              always: { guard: 'hasQueuedLines', target: 'loading' },
            },
            loading: {
              description: 'Queued lines are being fetched.',
              invoke: {
                id: 'loadLines',
                src: 'loadLines',
                input: ({ context }) => linesQueryOf(context),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'assignLines', params: ({ event }) => ({ lines: event.output.lines }) },
                    'dequeueLines',
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [
                    { type: 'logError', params: ({ event }) => ({ what: 'lines', error: event.error }) },
                    'dequeueLines',
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
});
