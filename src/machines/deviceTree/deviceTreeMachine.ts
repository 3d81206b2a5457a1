import { assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import type {
  DepartmentName,
  DepartmentNamesQuery,
  LinesQuery,
  LinesResult,
  PagesQuery,
  PagesResult,
} from '../../services/api';
import type { DeviceTreeItem, Line, Page } from '../../services/contracts';
import type { NotificationsEvent } from '../notifications/notifications.events';
import { SYSTEM_IDS } from '../systemIds';
import type { DeviceTreeEvent, PageAddress, TreeNodeKind, TreeSettings } from './deviceTree.events';
import * as tree from './treeModel';

/** SPEC §9: department names are cached 5 minutes. */
export const NAMES_CACHE_MS = 5 * 60_000;

export { treeSettingsOf } from './treeSettings';

export interface DeviceTreeInput {
  settings: TreeSettings;
}

export interface DeviceTreeContext {
  items: DeviceTreeItem[];
  settings: TreeSettings;
  /** The one open node of each kind (row ids, see treeModel). */
  expanded: Record<TreeNodeKind, string | null>;
  namesLoadedAt: Record<string, number>;
  /** Pages by department key, lines by page key: loaded once, kept until refresh. */
  pages: Record<string, Page[]>;
  lines: Record<string, Line[]>;
  /** Loads waiting or running (the head runs); one request per key, so a running load is shared. */
  queues: { names: string[]; pages: string[]; lines: PageAddress[] };
  lastDepartment: string | null;
  search: string;
  routeHexacode: string | null;
  /** The row the sidebar scrolls to (the device of the current route). */
  revealId: string | null;
}

type Node = { kind: TreeNodeKind; id: string };
const empty = { items: [], expanded: { group: null, device: null, department: null }, namesLoadedAt: {} };
const cleared = {
  ...empty,
  pages: {},
  lines: {},
  queues: { names: [], pages: [], lines: [] },
  lastDepartment: null,
  revealId: null,
};
const namesStale = (context: DeviceTreeContext, id: string) =>
  !context.queues.names.includes(id) &&
  Date.now() - (context.namesLoadedAt[id] ?? -Infinity) >= NAMES_CACHE_MS;
const node = ({ event }: { event: Node }): Node => ({ kind: event.kind, id: event.id });

export const deviceTreeMachine = setup({
  types: {
    context: {} as DeviceTreeContext,
    events: {} as DeviceTreeEvent,
    input: {} as DeviceTreeInput,
  },
  actors: {
    // Provided by provideApp (the devices API); these defaults only fail loudly.
    loadTree: fromPromise<DeviceTreeItem[]>(() => Promise.reject(new Error('loadTree not provided'))),
    loadNames: fromPromise<DepartmentName[], DepartmentNamesQuery>(() =>
      Promise.reject(new Error('loadNames not provided')),
    ),
    loadPages: fromPromise<PagesResult, PagesQuery>(() =>
      Promise.reject(new Error('loadPages not provided')),
    ),
    loadLines: fromPromise<LinesResult, LinesQuery>(() =>
      Promise.reject(new Error('loadLines not provided')),
    ),
  },
  guards: {
    isExpanded: ({ context }, params: Node) => context.expanded[params.kind] === params.id,
    needsNames: ({ context }, params: Node) => params.kind !== 'department' && namesStale(context, params.id),
    /** An online department whose pages are neither loaded nor on their way. */
    needsPages: ({ context }, params: Node) => {
      if (
        params.kind !== 'department' ||
        params.id in context.pages ||
        context.queues.pages.includes(params.id)
      )
        return false;
      const found = context.items.length
        ? tree.findDepartmentIn(context.items, parseDepartment(params.id))
        : null;
      return found !== null && !tree.isOffline(found.department.status);
    },
    needsLines: ({ context }, params: PageAddress) =>
      !(tree.pageKey(params) in context.lines) &&
      !context.queues.lines.some((queued) => tree.pageKey(queued) === tree.pageKey(params)),
    hasQueuedNames: ({ context }) => context.queues.names.length > 0,
    hasQueuedPages: ({ context }) => context.queues.pages.length > 0,
    hasQueuedLines: ({ context }) => context.queues.lines.length > 0,
  },
  actions: {
    assignTree: assign({ items: (_, params: { items: DeviceTreeItem[] }) => params.items }),
    logError: (_, params: { what: string; error: unknown }) =>
      console.error(`Device tree: ${params.what}`, params.error),
    notifyLinesFailed: sendTo(
      ({ system }) => system.get(SYSTEM_IDS.notifications),
      ({ context }): NotificationsEvent => ({
        type: 'notification.show',
        kind: 'error',
        message: { id: 'tree.linesLoadFailed', values: { department: failedDepartmentName(context) } },
      }),
    ),
    collapseNode: assign({
      expanded: ({ context }, params: Node) => ({ ...context.expanded, [params.kind]: null }),
    }),
    expandNode: assign(({ context }, params: Node) => ({
      expanded: { ...context.expanded, [params.kind]: params.id },
      lastDepartment: params.kind === 'department' ? params.id : context.lastDepartment,
    })),
    queueNames: assign({
      queues: ({ context }, params: { id: string }) => ({
        ...context.queues,
        names: [...context.queues.names, params.id],
      }),
    }),
    queuePages: assign({
      queues: ({ context }, params: { id: string }) => ({
        ...context.queues,
        pages: [...context.queues.pages, params.id],
      }),
    }),
    queueLines: assign({
      queues: ({ context }, params: PageAddress) => ({
        ...context.queues,
        lines: [...context.queues.lines, params],
      }),
    }),
    assignNames: assign(({ context }, params: { names: DepartmentName[] }) => {
      const id = context.queues.names[0]!;
      const found = tree.findById(context.items, id);
      const ids = [id, ...(found?.item.devices.map(tree.itemId) ?? [])];
      return {
        items: tree.withNames(context.items, params.names),
        namesLoadedAt: { ...context.namesLoadedAt, ...Object.fromEntries(ids.map((i) => [i, Date.now()])) },
      };
    }),
    dequeueNames: assign({
      queues: ({ context }) => ({ ...context.queues, names: context.queues.names.slice(1) }),
    }),
    assignPages: assign({
      pages: ({ context }, params: { pages: Page[] }) => ({
        ...context.pages,
        [context.queues.pages[0]!]: params.pages.map(({ number, name }) => ({ number, name })),
      }),
    }),
    dequeuePages: assign({
      queues: ({ context }) => ({ ...context.queues, pages: context.queues.pages.slice(1) }),
    }),
    assignLines: assign({
      lines: ({ context }, params: { lines: Line[] }) => ({
        ...context.lines,
        [tree.pageKey(context.queues.lines[0]!)]: params.lines,
      }),
    }),
    dequeueLines: assign({
      queues: ({ context }) => ({ ...context.queues, lines: context.queues.lines.slice(1) }),
    }),
    refresh: assign(({ context }) => {
      const names = [context.expanded.group, context.expanded.device].filter(
        (id): id is string => id !== null,
      );
      const department = context.expanded.department ?? context.lastDepartment;
      return {
        expanded: { group: null, device: null, department: null },
        pages: {},
        lines: {},
        namesLoadedAt: {},
        queues: { names, pages: department ? [department] : [], lines: [] },
      };
    }),
    reset: assign(cleared),
    applyStatus: assign({
      items: ({ context }, params: { event: DeviceTreeEvent }) => {
        const e = params.event;
        if (e.type === 'device.statusChanged')
          return tree.withDeviceStatus(context.items, e.hexacode, e.status);
        if (e.type === 'department.statusChanged')
          return tree.withDepartmentStatus(context.items, e, e.status);
        if (e.type === 'mapping.statusChanged')
          return tree.withMappingStatus(context.items, e.hexacode, e.memberHexacode, e.status);
        return context.items;
      },
    }),
    assignSearch: assign({ search: (_, params: { text: string }) => params.text }),
    assignSettings: assign({ settings: (_, params: { settings: TreeSettings }) => params.settings }),
    assignRoute: assign({ routeHexacode: (_, params: { hexacode: string | null }) => params.hexacode }),
    /** Opens the group and device of the route (never collapses) and asks the sidebar to scroll there. */
    revealRouteDevice: enqueueActions(({ context, enqueue }) => {
      const found = context.routeHexacode ? tree.findDevice(context.items, context.routeHexacode) : null;
      if (!found) return;
      const id = tree.itemId(found.item);
      const group = found.group ? tree.itemId(found.group) : context.expanded.group;
      enqueue.assign({ expanded: { ...context.expanded, group, device: id }, revealId: id });
      if (namesStale(context, id))
        enqueue.assign({ queues: { ...context.queues, names: [...context.queues.names, id] } });
    }),
  },
}).createMachine({
  id: 'deviceTree',
  context: ({ input }) => ({ ...cleared, settings: input.settings, search: '', routeHexacode: null }),
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
      actions: [{ type: 'assignRoute', params: ({ event }) => event }, 'revealRouteDevice'],
    },
    'device.statusChanged': { actions: { type: 'applyStatus', params: ({ event }) => ({ event }) } },
    'department.statusChanged': { actions: { type: 'applyStatus', params: ({ event }) => ({ event }) } },
    'mapping.statusChanged': { actions: { type: 'applyStatus', params: ({ event }) => ({ event }) } },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadTree',
        src: 'loadTree',
        onDone: {
          target: 'loaded',
          actions: [
            { type: 'assignTree', params: ({ event }) => ({ items: event.output }) },
            'revealRouteDevice',
          ],
        },
        // SPEC §8: device store load errors are only logged.
        onError: {
          target: 'failed',
          actions: { type: 'logError', params: ({ event }) => ({ what: 'load failed', error: event.error }) },
        },
      },
    },
    failed: { on: { 'tree.reload': 'loading' } },
    // Each region runs the loads of its queue one after the other while the rest of the tree stays usable.
    loaded: {
      on: {
        'tree.reload': 'loading',
        // Re-entering cancels the running loads: their answers would belong to what was just forgotten.
        'tree.refresh': { target: 'loaded', reenter: true, actions: 'refresh' },
      },
      type: 'parallel',
      states: {
        names: {
          initial: 'idle',
          states: {
            idle: { always: { guard: 'hasQueuedNames', target: 'loading' } },
            loading: {
              invoke: {
                id: 'loadNames',
                src: 'loadNames',
                input: ({ context }) => {
                  const found = tree.findById(context.items, context.queues.names[0]!);
                  return tree.namesQuery(found ? tree.departmentsOf(found.item) : []);
                },
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
          initial: 'idle',
          states: {
            idle: { always: { guard: 'hasQueuedPages', target: 'loading' } },
            loading: {
              invoke: {
                id: 'loadPages',
                src: 'loadPages',
                input: ({ context }) => {
                  const found = tree.findDepartmentIn(
                    context.items,
                    parseDepartment(context.queues.pages[0]!),
                  );
                  if (!found) throw new Error(`No department ${context.queues.pages[0]}`);
                  return tree.pagesQuery(found.department);
                },
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
          initial: 'idle',
          states: {
            idle: { always: { guard: 'hasQueuedLines', target: 'loading' } },
            loading: {
              invoke: {
                id: 'loadLines',
                src: 'loadLines',
                input: ({ context }) => {
                  const address = context.queues.lines[0]!;
                  const found = tree.findDepartmentIn(context.items, address);
                  if (!found) throw new Error(`No department ${tree.pageKey(address)}`);
                  return tree.linesQuery(found.department, address.page, found.item.type);
                },
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

/** Name of the department whose pages just failed to load (the head of the pages queue). */
function failedDepartmentName(context: DeviceTreeContext): string {
  const key = context.queues.pages[0] ?? '';
  const found = tree.findDepartmentIn(context.items, parseDepartment(key));
  return found ? found.department.configuration?.label?.trim() || found.department.name : key;
}

function pageAddress(e: PageAddress): PageAddress {
  return { hexacode: e.hexacode, department: e.department, subDepartment: e.subDepartment, page: e.page };
}

/** Department key (`<hex>:<dep>:<sub>`) back to its address. */
export function parseDepartment(key: string) {
  const [hexacode = '', department = '', subDepartment = ''] = key.split(':');
  return { hexacode, department: Number(department), subDepartment: Number(subDepartment) };
}
