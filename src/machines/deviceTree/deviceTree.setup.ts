import { assign, enqueueActions, sendTo, setup } from 'xstate';
import type { DepartmentName } from '../../services/api';
import type { DeviceTreeItem, Line, Page } from '#contracts';
import { deviceLookupsNotProvided } from '../deviceLookups';
import type { NotificationsEvent } from '../notifications/notifications.events';
import type { DeviceTreeContext, DeviceTreeInput } from './deviceTree.context';
import type { DeviceTreeEvent, PageAddress, TreeNodeKind, TreeSettings } from './deviceTree.events';
import * as tree from './treeModel';
import { failedDepartmentName, namesStale } from './treeQueues';
import { notifications } from '../notifications/notify';

export type { DeviceTreeContext, DeviceTreeInput } from './deviceTree.context';

export type Node = { kind: TreeNodeKind; id: string };
const empty = { items: [], expanded: { group: null, device: null, department: null }, namesLoadedAt: {} };
export const cleared = {
  ...empty,
  pages: {},
  lines: {},
  queues: { names: [], pages: [], lines: [] },
  lastDepartment: null,
  revealId: null,
};
export const node = ({ event }: { event: Node }): Node => ({ kind: event.kind, id: event.id });

/** Implementations of the device tree machine (deviceTreeMachine.ts holds its statechart). */
export const deviceTreeSetup = setup({
  types: {
    context: {} as DeviceTreeContext,
    events: {} as DeviceTreeEvent,
    input: {} as DeviceTreeInput,
  },
  actors: {
    // Provided by provideApp (the devices API); these defaults only fail loudly.
    loadTree: deviceLookupsNotProvided.tree('loadTree'),
    loadNames: deviceLookupsNotProvided.names('loadNames'),
    loadPages: deviceLookupsNotProvided.pages('loadPages'),
    loadLines: deviceLookupsNotProvided.lines('loadLines'),
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
        ? tree.findDepartmentIn(context.items, tree.parseDepartment(params.id))
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
    notifyLinesFailed: sendTo(notifications, ({ context }): NotificationsEvent => ({
      type: 'notification.show',
      kind: 'error',
      message: { id: 'tree.linesLoadFailed', values: { department: failedDepartmentName(context) } },
    })),
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
        if (e.type === 'device.silenceChanged') return tree.withSilence(context.items, e.hexacode, e.silent);
        return context.items;
      },
    }),
    assignSearch: assign({ search: (_, params: { text: string }) => params.text }),
    assignSettings: assign({ settings: (_, params: { settings: TreeSettings }) => params.settings }),
    assignRoute: assign({ route: (_, params: { page: PageAddress | null }) => params.page }),
    /**
     * SPEC §2: opens the group, device and department of the route's page (never collapses), loads what they
     * need (names, the department's pages) and asks the sidebar to scroll to the page.
     */
    revealRoute: enqueueActions(({ context, enqueue }) => {
      const { route } = context;
      const found = route ? tree.findDevice(context.items, route.hexacode) : null;
      if (!route || !found) return;
      const id = tree.itemId(found.item);
      const group = found.group ? tree.itemId(found.group) : context.expanded.group;
      const department = found.item.departments.find(
        (d) => tree.departmentKey(d) === tree.departmentKey(route),
      );
      const departmentId = department ? tree.departmentKey(department) : context.expanded.department;
      enqueue.assign({
        expanded: { group, device: id, department: departmentId },
        lastDepartment: departmentId ?? context.lastDepartment,
        revealId: department ? tree.pageKey(route) : id,
      });
      const names = namesStale(context, id) && !context.queues.names.includes(id) ? [id] : [];
      const pages =
        department &&
        !tree.isOffline(department.status) &&
        !(departmentId! in context.pages) &&
        !context.queues.pages.includes(departmentId!)
          ? [departmentId!]
          : [];
      enqueue.assign({
        queues: {
          ...context.queues,
          names: [...context.queues.names, ...names],
          pages: [...context.queues.pages, ...pages],
        },
      });
    }),
  },
});

export function pageAddress(e: PageAddress): PageAddress {
  return { hexacode: e.hexacode, department: e.department, subDepartment: e.subDepartment, page: e.page };
}
