import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import type { InspectionEvent, SnapshotFrom } from 'xstate';
import { deviceTreeMachine, treeSettingsOf } from '../../src/machines/deviceTree/deviceTreeMachine';
import type { DepartmentName } from '../../src/services/api';
import type { DeviceStatus, Page } from '#contracts';
import { storeSession } from '../support/dom/renderApp';
import type { ModelOptions } from '../support/paths/coveringPaths';
import {
  deviceTreeServer,
  namesAnswer,
  noAnswer,
  pagesAnswer,
  treeAnswer,
  type DeviceTreeServer,
} from '../support/servers/deviceTreeServer';
import { deviceTree, operatorSession, pages } from '../support/fixtures/fixtures';
import { modelEvents } from '../support/paths/modelEvents';
import { describeViewPaths, renderProduct } from '../support/paths/viewPaths';
import { server } from '../ui/setup';
import { toastsShown, type ToastsShown } from '../support/dom/toastsShown';
import { accountSettingsHandler } from '../support/servers/apiHandlers';

type TreeSnapshot = SnapshotFrom<typeof deviceTreeMachine>;
type TreeModelEvent = Parameters<typeof deviceTreeMachine.transition>[1];
const { done, failed } = modelEvents<typeof deviceTreeMachine>();

// SPEC §8: device store load errors are only logged; the suite reads the log.
const logged = vi.spyOn(console, 'error').mockImplementation(() => {});

/** The fixture tree: group Store North (member A1B2C3), device 0A0B0C with Room (ON) and Freezer (OFF). */
const DEVICE = 'D:0A0B0C';
const GROUP = 'G:B0000001';
const ROOM = '0A0B0C:1:0';
const FREEZER = '0A0B0C:2:0';
const NAMES_OF_DEVICE: DepartmentName[] = [
  { key: '0A0B0C-1-0', name: 'Room air', status: 'ON', configuration: null },
  { key: '0A0B0C-2-0', name: 'Deep freezer', status: 'OFF', configuration: null },
];
const NAMES_OF_GROUP: DepartmentName[] = [
  { key: 'A1B2C3-1-0', name: 'Suction LT', status: 'ON', configuration: null },
];
const DEVICE_OFF = { type: 'device.statusChanged', hexacode: '0A0B0C', status: 'OFF' } as const;
const FREEZER_ON = {
  type: 'department.statusChanged',
  hexacode: '0A0B0C',
  department: 2,
  subDepartment: 0,
  status: 'ON',
} as const;
const MEMBER_OFF = {
  type: 'mapping.statusChanged',
  hexacode: 'B0000001',
  memberHexacode: 'A1B2C3',
  status: 'OFF',
} as const;

const DEVICE_SILENT = { type: 'device.silenceChanged', hexacode: '0A0B0C', silent: true } as const;
const DEVICE_REPORTING = { type: 'device.silenceChanged', hexacode: '0A0B0C', silent: false } as const;

const loads = (s: TreeSnapshot) =>
  s.context.queues.names.length + s.context.queues.pages.length + s.context.queues.lines.length;
const namesAsked = (s: TreeSnapshot) => s.context.queues.names[0];

const model: ModelOptions<typeof deviceTreeMachine> = {
  input: { settings: treeSettingsOf(null) },
  events: [
    done('loadTree', deviceTree),
    failed('loadTree'),
    { type: 'tree.reload' },
    { type: 'tree.expand', kind: 'group', id: GROUP },
    { type: 'tree.expand', kind: 'device', id: DEVICE },
    // The offline department first: of two equally short paths the first is chosen, so one opens it.
    { type: 'tree.expand', kind: 'department', id: FREEZER },
    { type: 'tree.expand', kind: 'department', id: ROOM },
    done('loadNames', NAMES_OF_DEVICE),
    done('loadNames', NAMES_OF_GROUP),
    failed('loadNames'),
    done('loadPages', { status: 'OK', pages }),
    failed('loadPages'),
    { type: 'tree.search', text: 'cold' },
    { type: 'tree.search', text: '' },
    DEVICE_OFF,
    FREEZER_ON,
    MEMBER_OFF,
    DEVICE_SILENT,
    DEVICE_REPORTING,
  ],
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      expanded: s.context.expanded,
      queues: s.context.queues,
      names: Object.keys(s.context.namesLoadedAt).sort(),
      pages: Object.keys(s.context.pages).sort(),
      statuses: s.context.items.flatMap((item) => [
        item.status,
        ...item.departments.map((d) => d.status),
        ...item.devices.map((m) => m.status),
      ]),
      silent: s.context.items.map((item) => item.silent ?? false),
      search: s.context.search,
    }),
  // What a user can do: act on the shown tree while nothing loads (the search hides the group), try again
  // after a failure; the server answers what was asked.
  filterEvents: (s, e) => {
    // The model's events include the invoked actors', which the machine's event type leaves out.
    const type: string = e.type;
    const output = (e as { output?: DepartmentName[] }).output;
    if (type === 'xstate.done.actor.loadNames')
      return output === (namesAsked(s) === DEVICE ? NAMES_OF_DEVICE : NAMES_OF_GROUP);
    if (type.startsWith('xstate.')) return true;
    if (e.type === 'tree.reload') return s.matches('failed');
    if (!s.matches('loaded') || loads(s) > 0) return false;
    if (e.type === 'tree.search') return e.text !== s.context.search;
    // The server says a device turned silent, or reports again, only when that changes.
    if (e.type === 'device.silenceChanged')
      return s.context.items.some(
        (item) => item.hexacode === e.hexacode && (item.silent ?? false) !== e.silent,
      );
    if (e.type !== 'tree.expand') return true;
    // A department row shows under its open device; the search hides the group.
    if (e.kind === 'department') return s.context.expanded.device === DEVICE;
    return !(e.kind === 'group' && s.context.search !== '');
  },
};

const NAMES_CACHE_MS = 5 * 60_000;
const STATUS_TEXT: Record<DeviceStatus, string> = {
  ON: 'online',
  ON_ALARM: 'online, in alarm',
  OFF: 'offline',
  OFF_ALARM: 'offline, in alarm',
};
const offlineOf = (s: DeviceStatus): DeviceStatus =>
  s === 'ON' ? 'OFF' : s === 'ON_ALARM' ? 'OFF_ALARM' : s;

interface Department {
  key: string;
  number: number;
  name: string;
  status: DeviceStatus;
}

/** What the user did, what the server and the socket said, and what SPEC §4 makes of it. */
interface TreeWorld {
  user: UserEvent;
  server: DeviceTreeServer;
  socket: ReturnType<typeof renderProduct>;
  toasts: ToastsShown;
  phase: 'loading' | 'failed' | 'loaded';
  treeLoads: number;
  treeFailures: number;
  search: string;
  open: { group: boolean; device: boolean; department: string | null };
  deviceStatus: DeviceStatus;
  /** The server said the device reports nothing while online (DeviceSilence). */
  deviceSilent: boolean;
  memberStatus: DeviceStatus;
  departments: Record<string, Department>;
  /** When names were last loaded for the device and the group (SPEC §4: kept 5 minutes). */
  namesAt: { device: number | null; group: number | null };
  namesFor: ('device' | 'group')[];
  pages: Record<string, Page[]>;
  expectedNames: string[][];
  expectedPages: number[];
  expectedToasts: string[];
  logged: { names: number };
}

async function start(inspect: (event: InspectionEvent) => void): Promise<TreeWorld> {
  logged.mockClear();
  storeSession(operatorSession);
  server.use(accountSettingsHandler({ showDevicesSearchBar: true }));
  const world: TreeWorld = {
    user: userEvent.setup({ delay: null }),
    server: deviceTreeServer(),
    socket: renderProduct('/', { inspect }),
    toasts: toastsShown(),
    phase: 'loading',
    treeLoads: 1,
    treeFailures: 0,
    search: '',
    open: { group: false, device: false, department: null },
    deviceStatus: 'ON',
    deviceSilent: false,
    memberStatus: 'ON',
    departments: {
      [ROOM]: { key: '0A0B0C-1-0', number: 1, name: 'Room', status: 'ON' },
      [FREEZER]: { key: '0A0B0C-2-0', number: 2, name: 'Freezer', status: 'OFF' },
    },
    namesAt: { device: null, group: null },
    namesFor: [],
    pages: {},
    expectedNames: [],
    expectedPages: [],
    expectedToasts: [],
    logged: { names: 0 },
  };
  // The live statuses come over an open socket; the search box shows once the settings are read.
  await vi.waitFor(() => world.socket.last());
  world.socket.last().listeners.opened();
  await screen.findByRole('searchbox', { name: 'Search devices' });
  return world;
}

const tree = () => screen.getByRole('tree', { name: 'Devices' });
const fresh = (at: number | null) => at !== null && Date.now() - at < NAMES_CACHE_MS;

/** SPEC §4: a click toggles the node; opening a device or group asks for names unless fresh. */
function openNode(world: TreeWorld, node: 'device' | 'group') {
  world.open[node] = !world.open[node];
  if (!world.open[node] || fresh(world.namesAt[node])) return;
  world.namesFor.push(node);
  world.expectedNames.push(node === 'device' ? ['0A0B0C-1-0', '0A0B0C-2-0'] : ['A1B2C3-1-0']);
}

/** SPEC §4: one department open at a time; an online one without pages asks for them. */
function openDepartment(world: TreeWorld, id: string) {
  world.open.department = world.open.department === id ? null : id;
  const department = world.departments[id]!;
  if (world.open.department === null || department.status.includes('OFF') || world.pages[id]) return;
  world.expectedPages.push(department.number);
}

const label = (world: TreeWorld, id: string) => {
  const { number, name } = world.departments[id]!;
  return `${number}.0 ${name}`;
};

async function toggle(world: TreeWorld, name: string) {
  const button = within(tree()).getByRole('button', { name: new RegExp(`^(Expand|Collapse) ${name}$`) });
  await world.user.click(button);
}

function applyNames(world: TreeWorld, names: DepartmentName[]) {
  for (const named of names) {
    const department = Object.values(world.departments).find((d) => d.key === named.key);
    if (department) Object.assign(department, { name: named.name, status: named.status });
  }
}

async function play(event: TreeModelEvent, world: TreeWorld) {
  const type: string = event.type;
  const { server: api } = world;
  switch (event.type) {
    case 'tree.reload':
      await world.user.click(screen.getByRole('button', { name: 'Try again' }));
      Object.assign(world, { phase: 'loading', treeLoads: world.treeLoads + 1 });
      return;
    case 'tree.expand':
      if (event.kind === 'department') {
        await toggle(world, label(world, event.id));
        return openDepartment(world, event.id);
      }
      await toggle(world, event.kind === 'group' ? 'Store North' : '0A0B0C');
      return openNode(world, event.kind);
    case 'tree.search': {
      const box = screen.getByRole('searchbox', { name: 'Search devices' });
      await world.user.clear(box);
      if (event.text) await world.user.type(box, event.text);
      world.search = event.text;
      return;
    }
    case 'device.statusChanged':
      world.socket.last().listeners.received(JSON.stringify({ type: 'DeviceStatus', payload: DEVICE_OFF }));
      world.deviceStatus = 'OFF';
      Object.values(world.departments).forEach((d) => (d.status = offlineOf(d.status)));
      return;
    case 'department.statusChanged':
      world.socket
        .last()
        .listeners.received(JSON.stringify({ type: 'DepartmentStatus', payload: FREEZER_ON }));
      world.departments[FREEZER]!.status = 'ON';
      return;
    case 'mapping.statusChanged':
      world.socket.last().listeners.received(JSON.stringify({ type: 'MappingStatus', payload: MEMBER_OFF }));
      world.memberStatus = 'OFF';
      return;
    case 'device.silenceChanged': {
      const payload = { hexacode: event.hexacode, silent: event.silent, reportedAt: Date.now() - 60_000 };
      world.socket.last().listeners.received(JSON.stringify({ type: 'DeviceSilence', payload }));
      world.deviceSilent = event.silent;
      return;
    }
  }
  const output = (event as { output?: unknown }).output;
  if (type === 'xstate.done.actor.loadTree') {
    await api.tree.answer(treeAnswer(deviceTree));
    world.phase = 'loaded';
  } else if (type === 'xstate.error.actor.loadTree') {
    await api.tree.answer(noAnswer());
    Object.assign(world, { phase: 'failed', treeFailures: world.treeFailures + 1 });
  } else if (type === 'xstate.done.actor.loadNames') {
    await api.names.answer(namesAnswer(output as DepartmentName[]));
    applyNames(world, output as DepartmentName[]);
    world.namesAt[world.namesFor.shift()!] = Date.now();
  } else if (type === 'xstate.error.actor.loadNames') {
    await api.names.answer(noAnswer());
    world.namesFor.shift();
    world.logged.names++;
  } else if (type === 'xstate.done.actor.loadPages') {
    await api.pages.answer(pagesAnswer(output));
    world.pages[world.open.department!] = pages;
  } else if (type === 'xstate.error.actor.loadPages') {
    await api.pages.answer(noAnswer());
    const name = world.departments[world.open.department!]!.name;
    world.expectedToasts.push(`Cannot load lines for department ${name}`);
  } else throw new Error(`No way to play ${type}`);
}

/** The rows the user should see, as `level label (open|closed)`, from the world alone. */
function expectedRows(world: TreeWorld): string[] {
  const row = (level: number, text: string, open?: boolean) =>
    `${level} ${text}${open === undefined ? '' : open ? ' (open)' : ' (closed)'}`;
  const rows: string[] = [];
  const showGroup = world.search === '' || 'store north a1b2c3 pack controller'.includes(world.search);
  if (showGroup) {
    rows.push(row(1, `Store North, ${STATUS_TEXT.ON}`, world.open.group));
    if (world.open.group) rows.push(row(2, `A1B2C3, ${STATUS_TEXT[world.memberStatus]}`, false));
  }
  // Silent is said of a device online only: offline says more.
  const silent = world.deviceSilent && !world.deviceStatus.startsWith('OFF') ? ', not reporting' : '';
  rows.push(row(1, `0A0B0C, ${STATUS_TEXT[world.deviceStatus]}${silent}`, world.open.device));
  if (!world.open.device) return rows;
  for (const id of [ROOM, FREEZER]) {
    const department = world.departments[id]!;
    const open = world.open.department === id;
    rows.push(row(2, `${label(world, id)}, ${STATUS_TEXT[department.status]}`, open));
    if (!open) continue;
    const loaded = world.pages[id];
    if (department.status.includes('OFF')) rows.push(row(3, 'Department is offline'));
    else if (!loaded) rows.push(row(3, 'Loading pages…'));
    else loaded.forEach((page) => rows.push(row(3, `${page.number} ${page.name}`)));
  }
  return rows;
}

function shownRows(): string[] {
  return within(tree())
    .getAllByRole('treeitem')
    .map((item) => {
      const expanded = item.getAttribute('aria-expanded');
      const state = expanded === null ? '' : expanded === 'true' ? ' (open)' : ' (closed)';
      return `${item.getAttribute('aria-level')} ${item.getAttribute('aria-label')}${state}`;
    });
}

const treeLog = (what: string) => logged.mock.calls.filter(([text]) => text === `Device tree: ${what}`);

/** What was sent and said so far: every request the tree made, the toasts and the logged failures. */
function sent(world: TreeWorld) {
  const { server: api } = world;
  expect(api.tree.requests, 'tree loads').toHaveLength(world.treeLoads);
  expect(api.names.requests, 'names asked for').toEqual(world.expectedNames);
  expect(
    api.pages.requests.map((r) => r.department),
    'pages asked for',
  ).toEqual(world.expectedPages);
  expect(api.lines, 'the tree asks for no lines').toEqual([]);
  expect(world.toasts.texts, 'toasts shown').toEqual(world.expectedToasts);
  expect(treeLog('load failed'), 'tree load failures logged').toHaveLength(world.treeFailures);
  expect(treeLog('names'), 'names failures logged').toHaveLength(world.logged.names);
}

/** The tree as the world says it is: every row, its level, status and whether it is open. */
function treeShown(world: TreeWorld) {
  expect(world.phase, 'the tree was loaded').toBe('loaded');
  expect(screen.queryByText('Loading devices…')).toBeNull();
  expect(shownRows()).toEqual(expectedRows(world));
  expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search devices' }).value).toBe(
    world.search,
  );
  sent(world);
}

describeViewPaths('device tree, played on the sidebar', deviceTreeMachine, {
  model,
  start,
  play,
  states: {
    loading: (_, world) => {
      expect(world.phase).toBe('loading');
      expect(screen.getByText('Loading devices…')).toBeTruthy();
      expect(screen.queryByRole('tree')).toBeNull();
      expect(world.server.tree.waiting(), 'the tree load waits for the server').toBe(true);
      sent(world);
    },
    failed: (_, world) => {
      expect(world.phase).toBe('failed');
      expect(screen.getByText('Devices could not be loaded')).toBeTruthy();
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Try again' }).disabled).toBe(false);
      expect(screen.queryByRole('tree')).toBeNull();
      expect(world.server.tree.waiting()).toBe(false);
      sent(world);
    },
    'loaded.names.idle': (_, world) => {
      treeShown(world);
      expect(world.server.names.waiting(), 'no names request waits').toBe(false);
    },
    'loaded.names.loading': (_, world) => {
      treeShown(world);
      expect(world.server.names.waiting(), 'a names request waits').toBe(true);
    },
    'loaded.pages.idle': (_, world) => {
      treeShown(world);
      expect(world.server.pages.waiting(), 'no pages request waits').toBe(false);
    },
    'loaded.pages.loading': (_, world) => {
      treeShown(world);
      expect(world.server.pages.waiting(), 'a pages request waits').toBe(true);
      expect(within(tree()).getByRole('treeitem', { name: 'Loading pages…' })).toBeTruthy();
    },
    'loaded.lines.idle': (_, world) => treeShown(world),
    // Never reached from the product (see `unreachable`): it would show as a lines request sent by the tree.
    'loaded.lines.loading': (_, world) => expect(world.server.lines.length).toBeGreaterThan(0),
  },
  unreachable: {
    'deviceTree on tree.reset': 'nothing in the app sends tree.reset: the tree is stopped with the session',
    'deviceTree on tree.refresh': 'nothing in the app sends tree.refresh (no refresh control in the sidebar)',
    'deviceTree.loaded on tree.refresh':
      'nothing in the app sends tree.refresh (no refresh control in the sidebar)',
    'deviceTree on tree.loadLines [needsLines]':
      'nothing in the app sends tree.loadLines: the device page loads its own lines',
    'state deviceTree.loaded.lines.loading': 'only tree.loadLines queues lines, and nothing sends it',
    'deviceTree.loaded.lines.idle always [hasQueuedLines]':
      'only tree.loadLines queues lines, and nothing sends it',
    'deviceTree.loaded.lines.loading on xstate.done.actor.loadLines': 'only tree.loadLines queues lines',
    'deviceTree.loaded.lines.loading on xstate.error.actor.loadLines': 'only tree.loadLines queues lines',
    'deviceTree.loaded on tree.reload':
      'sent when the device configuration dialog saves; not played here (that journey belongs to its dialog)',
  },
});
