import '../support/resizeObserver';
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect, vi } from 'vitest';
import type { InspectionEvent, SnapshotFrom } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import type { DepartmentLookup, PageAddress } from '../../src/machines/devicePage/devicePage.types';
import type { LineEditOutput } from '../../src/machines/lineEdit/lineEdit.events';
import { devicePageMachine, REFRESH_INTERVAL_MS } from '../../src/machines/devicePage/devicePageMachine';
import {
  DEFAULT_ACCOUNT_SETTINGS,
  DeviceTree,
  LinesRequest,
  LinesResponse,
  PagesResponse,
} from '../../src/services/contracts';
import { HEARTBEAT } from '../../src/services/contracts/socket';
import { createStorage } from '../../src/services/storage';
import type { ModelOptions } from '../support/coveringPaths';
import { heldEndpoint, type HeldEndpoint } from '../support/devicePageServer';
import { deviceTree, line, operatorSession, pages } from '../support/fixtures';
import { toastsShown } from '../support/lineWriteServer';
import { modelEvents } from '../support/modelEvents';
import { describeViewPaths, renderProduct } from '../support/viewPaths';
import { server } from '../ui/setup';

type PageSnapshot = SnapshotFrom<typeof devicePageMachine>;
type PageModelEvent = Parameters<typeof devicePageMachine.transition>[1];
const { done, failed } = modelEvents<typeof devicePageMachine>();

const WELCOME = `Welcome, ${operatorSession.metadata.username}`;
/** The fixture tree's Cold room (0A0B0C): Room (ON) and Freezer (OFF); FFFFFF and department 9 do not exist. */
const at = (hexacode: string, department: number): PageAddress => ({
  hexacode,
  department,
  subDepartment: 0,
  page: 1,
});
const ROOM = at('0A0B0C', 1);
/** The same page under another spelling of its address: another route report of the open page. */
const ROOM_AGAIN = at('0a0b0c', 1);
const FREEZER = at('0A0B0C', 2);
const UNKNOWN_DEVICE = at('FFFFFF', 1);
const UNKNOWN_DEPARTMENT = at('0A0B0C', 9);
const OTHER_PAGE = { ...ROOM, page: 2 };
const pathOf = (a: PageAddress) => `/${a.hexacode}/${a.department}/${a.subDepartment}/pages/${a.page}`;

const cold = { kind: 'found', deviceName: 'Cold room', deviceType: 'REAL_DEVICE', groupName: null } as const;
const FOUND: DepartmentLookup = {
  ...cold,
  departmentName: 'Room',
  status: 'ON',
  adf: 'AK-CC550',
  rawHexacode: '0A0B0C',
  pageName: 'Overview',
};
const OFFLINE: DepartmentLookup = { ...FOUND, departmentName: 'Freezer', status: 'OFF', pageName: null };
/** What the tree answers for each address the model opens. */
const lookupOf = (a: PageAddress | null): DepartmentLookup['kind'] | 'offline' | null =>
  a === null
    ? null
    : a.hexacode === 'FFFFFF'
      ? 'unknownDevice'
      : a.department === 9
        ? 'unknownDepartment'
        : a.department === 2
          ? 'offline'
          : 'found';

const open = (address: PageAddress): PageModelEvent => ({
  type: 'page.open',
  address,
  showRealtimeNote: false,
});
const push = (address: PageAddress): PageModelEvent => ({
  type: 'page.valuesPushed',
  topic: { kind: 'page', ...address },
  lines: [{ number: 1, status: 'OK', value: '4.5', unit: '°C' }],
});
const LOOKUP_FAILED = failed('lookupDepartment', new Error('502'));
const REFRESH_DUE = modelEvents<typeof devicePageMachine>().after(
  'REFRESH_INTERVAL',
  'devicePage.loaded.watching',
);
const setpoint = { ...line(1, '4.0'), name: 'Setpoint' };
const airTemperature = { ...line(2, '3.8'), name: 'Air temperature', readOnly: true };
const linesAnswer = (value: string) =>
  v.parse(LinesResponse, { status: 'OK', lines: [{ ...setpoint, value }, airTemperature] });
/** The department exists, the page number does not (its ADF has no such page). */
const PAGE_NOT_PRESENT = v.parse(LinesResponse, { status: 'PAGE_NOT_PRESENT', lines: [] });

const model: ModelOptions<typeof devicePageMachine> = {
  events: [
    open(ROOM),
    open(FREEZER),
    open(UNKNOWN_DEVICE),
    open(UNKNOWN_DEPARTMENT),
    open(ROOM_AGAIN),
    { type: 'page.close' },
    { type: 'page.refresh' },
    { type: 'line.select', lineNumber: 1 },
    { type: 'line.select', lineNumber: 2 },
    push(ROOM),
    push(OTHER_PAGE),
    done('lookupDepartment', FOUND),
    done('lookupDepartment', OFFLINE),
    done('lookupDepartment', { kind: 'unknownDevice' } satisfies DepartmentLookup),
    done('lookupDepartment', { kind: 'unknownDepartment' } satisfies DepartmentLookup),
    LOOKUP_FAILED,
    done('loadLines', linesAnswer('4.0')),
    done('loadLines', PAGE_NOT_PRESENT),
    failed('loadLines', new Error('502')),
    done('refreshLines', linesAnswer('4.0')),
    failed('refreshLines', new Error('502')),
    REFRESH_DUE,
    done('lineEdit', { result: 'cancelled' } satisfies LineEditOutput),
  ],
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      address: s.context.address && pathOf(s.context.address),
      department: s.context.department?.departmentName ?? null,
      lines: s.context.lines.length > 0,
    }),
  // What the product can do: the server answers for the address asked; the page is left from a settled state.
  filterEvents: (s, e) => {
    const type: string = e.type;
    const output = (e as { output?: DepartmentLookup }).output;
    const address = s.context.address;
    if (type === 'xstate.done.actor.lookupDepartment') {
      const kind = output!.kind === 'found' && output!.status === 'OFF' ? 'offline' : output!.kind;
      return kind === lookupOf(address);
    }
    // The lookup fails only while the tree cannot be read: before it loaded once.
    if (type === LOOKUP_FAILED.type) return s.context.department === null;
    if (e.type === 'page.open')
      return address === null
        ? e.address !== ROOM_AGAIN
        : e.address === ROOM_AGAIN && pathOf(address) === pathOf(ROOM);
    if (e.type === 'page.close')
      return s.matches('offline') || s.matches('failed') || s.matches({ loaded: 'watching' });
    // The offline notice offers no refresh (see `unreachable`).
    if (e.type === 'page.refresh') return !s.matches('offline');
    return true;
  },
};

// SPEC §8: device store load errors are only logged.
vi.spyOn(console, 'error').mockImplementation(() => {});

/** What the user did, what the server and the socket said, and what SPEC §4 makes of it. */
interface PageWorld {
  socket: ReturnType<typeof renderProduct>;
  tree: HeldEndpoint<string>;
  pages: HeldEndpoint<unknown>;
  lines: HeldEndpoint<LinesRequest>;
  refreshes: HeldEndpoint<LinesRequest>;
  toasts: { texts: string[]; stop(): void };
  /** The address the browser is on, and the 404 message a redirect named. */
  address: PageAddress | null;
  notFound: string | null;
  treeLoaded: boolean;
  /** The setpoint as the device holds it (pushed values are the device's too), and as the page shows it. */
  deviceValue: string;
  shownValue: string;
  expectedToasts: string[];
  expectedLoads: number;
  expectedRefreshes: number;
  /** Topic messages the socket must have sent (SPEC §9: the open page subscribes, leaving unsubscribes). */
  expectedTopics: unknown[];
  dialogOpen: boolean;
}

type LinesRequest = v.InferOutput<typeof LinesRequest>;

async function start(inspect: (event: InspectionEvent) => void): Promise<PageWorld> {
  // SPEC §4's 60 s refresh is time passing: the whole app runs on the fake clock.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const world: PageWorld = {
    socket: undefined as never,
    tree: heldEndpoint(() => 'GET'),
    pages: heldEndpoint((body) => body),
    lines: heldEndpoint((body) => v.parse(LinesRequest, body)),
    refreshes: heldEndpoint((body) => v.parse(LinesRequest, body)),
    toasts: toastsShown(),
    address: null,
    notFound: null,
    treeLoaded: false,
    deviceValue: '4.0',
    shownValue: '4.0',
    expectedToasts: [],
    expectedLoads: 0,
    expectedRefreshes: 0,
    expectedTopics: [],
    dialogOpen: false,
  };
  server.use(
    http.get('*/api/v2/devices/', world.tree.respond),
    http.post('*/api/v2/devices/departments/pages', world.pages.respond),
    http.post('*/api/v2/devices/pages/lines', world.lines.respond),
    http.post('*/api/v2/devices/pages/lines/refresh', world.refreshes.respond),
    // The Refresh button shows only with page refresh on request turned on (account settings).
    http.get('*/api/v2/account/settings', () =>
      HttpResponse.json({ ...DEFAULT_ACCOUNT_SETTINGS, enablePageRefreshOnRequest: true }),
    ),
  );
  createStorage(window.localStorage).writeSession(operatorSession, operatorSession.token.id);
  world.socket = renderProduct('/', { inspect });
  await vi.waitFor(() => screen.getByRole('heading', { name: WELCOME }), { timeout: 5000 });
  await vi.waitFor(() => expect(world.socket.connections).toHaveLength(1));
  world.socket.last().listeners.opened();
  return world;
}

const label = (a: PageAddress) => `${a.hexacode} ${a.department}.${a.subDepartment}`;
const loadFailed = (department: string) => `Cannot load lines for department ${department}`;
const topic = (type: 'Subscribe' | 'Unsubscribe') => ({ type, payload: { kind: 'page', ...ROOM } });
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const dialog = () => screen.queryByRole('dialog', { name: 'Line details' });

async function answerTree(world: PageWorld, ok: boolean) {
  await world.tree.answer(ok ? HttpResponse.json(v.parse(DeviceTree, deviceTree)) : HttpResponse.error());
  world.treeLoaded = ok;
}

async function play(event: PageModelEvent, world: PageWorld, from: PageSnapshot) {
  const type: string = event.type;
  switch (event.type) {
    case 'page.open':
      // The user follows a link to the page (the same page under another spelling reports the route again).
      navigate(pathOf(event.address));
      world.address = event.address;
      return;
    case 'page.close':
      navigate('/');
      if (from.matches('loaded')) world.expectedTopics.push(topic('Unsubscribe'));
      world.address = null;
      return;
    case 'page.refresh':
      if (from.matches('failed')) {
        // The page's own Try again (the sidebar offers one for the tree too); the lookup reads the tree
        // again when it could not.
        fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
        return;
      }
      fireEvent.click(button('Refresh'));
      world.expectedRefreshes++;
      return;
    case 'line.select':
      if (event.lineNumber === 1) {
        fireEvent.click(button('Setpoint'));
        world.dialogOpen = true;
      } else {
        // A read-only line is not a control: clicking its row opens nothing.
        expect(screen.queryByRole('button', { name: 'Air temperature' })).toBeNull();
        fireEvent.click(screen.getByText('Air temperature'));
      }
      return;
    case 'page.valuesPushed': {
      const { topic: pushed, lines } = event;
      const { kind: _kind, ...address } = pushed;
      world.socket
        .last()
        .listeners.received(JSON.stringify({ type: 'LineValues', payload: { ...address, lines } }));
      if (pathOf(address) === pathOf(ROOM)) world.deviceValue = world.shownValue = lines[0]!.value!;
      return;
    }
  }
  if (type === REFRESH_DUE.type) {
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    world.expectedRefreshes++;
    return;
  }
  if (type === 'xstate.done.actor.lineEdit') {
    // SPEC §4: no refresh while the dialog is open, however long it stays open.
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS + 1000);
    expect(world.refreshes.requests, 'refreshes while the dialog is open').toHaveLength(
      world.expectedRefreshes,
    );
    fireEvent.click(within(dialog()!).getByRole('button', { name: 'Cancel' }));
    world.dialogOpen = false;
    world.expectedRefreshes++;
    return;
  }
  const output = (event as { output?: DepartmentLookup }).output;
  if (type === LOOKUP_FAILED.type) {
    await answerTree(world, false);
    world.expectedToasts.push(loadFailed(label(world.address!)));
  } else if (type === 'xstate.done.actor.lookupDepartment') {
    if (!world.treeLoaded) await answerTree(world, true);
    const lookup = output!;
    if (lookup.kind !== 'found') {
      world.notFound = lookup.kind === 'unknownDevice' ? 'Device is not found' : 'Department is not found';
      world.address = null;
    } else if ((lookup as Extract<DepartmentLookup, { kind: 'found' }>).status === 'ON') {
      await world.pages.answer(HttpResponse.json(v.parse(PagesResponse, { status: 'OK', pages })));
      world.expectedLoads++;
    }
  } else if (
    type === 'xstate.done.actor.loadLines' &&
    (event as { output?: unknown }).output === PAGE_NOT_PRESENT
  ) {
    await world.lines.answer(HttpResponse.json(PAGE_NOT_PRESENT));
    Object.assign(world, { notFound: 'Page is not found', address: null });
  } else if (type === 'xstate.done.actor.loadLines') {
    await world.lines.answer(HttpResponse.json(linesAnswer(world.deviceValue)));
    world.shownValue = world.deviceValue;
    world.expectedTopics.push(topic('Subscribe'));
  } else if (type === 'xstate.error.actor.loadLines') {
    await world.lines.answer(HttpResponse.error());
    world.expectedToasts.push(loadFailed('Room'));
  } else if (type === 'xstate.done.actor.refreshLines') {
    await world.refreshes.answer(HttpResponse.json(linesAnswer(world.deviceValue)));
    world.shownValue = world.deviceValue;
  } else if (type === 'xstate.error.actor.refreshLines') {
    await world.refreshes.answer(HttpResponse.error());
    world.expectedToasts.push(loadFailed('Room'));
  } else throw new Error(`No way to play ${type}`);
}

/** The lines the page asked for: Room's page 1 with its ADF and name (SPEC §7, a real device). */
function sent(world: PageWorld) {
  const request = { ...ROOM, rawHexacode: '0A0B0C', adf: 'AK-CC550', departmentName: 'Room' };
  expect(world.lines.requests, 'lines requests').toEqual(Array(world.expectedLoads).fill(request));
  expect(world.refreshes.requests, 'refresh requests').toEqual(Array(world.expectedRefreshes).fill(request));
  const topics = world.socket
    .last()
    .sent.filter((text) => text !== HEARTBEAT)
    .map((text) => JSON.parse(text) as unknown);
  expect(topics, 'topic messages on the socket').toEqual(world.expectedTopics);
  expect(world.toasts.texts, 'the toasts shown so far').toEqual(world.expectedToasts);
}

/** The device page of the address the browser is on: its title, no real-time note (no RND grant). */
function pageShown(world: PageWorld, title: string) {
  expect(window.location.pathname).toBe(pathOf(world.address!));
  // Behind the modal line details dialog the page is hidden from the accessibility tree, still there.
  expect(screen.getByRole('heading', { level: 1, name: title, hidden: world.dialogOpen })).toBeTruthy();
  expect(screen.queryByText('Values on this page are updated in real time.')).toBeNull();
  expect(dialog() !== null, 'the line details dialog is open').toBe(world.dialogOpen);
  sent(world);
}

const linesShown = (world: PageWorld) => {
  const list = screen.getByRole('list', { name: 'Lines' });
  expect(within(list).getByRole('button', { name: 'Setpoint' }).textContent).toContain(
    `${world.shownValue} °C`,
  );
  expect(within(list).queryByRole('button', { name: 'Air temperature' })).toBeNull();
  expect(within(list).getByText('Air temperature')).toBeTruthy();
};
const noLines = () => {
  expect(screen.queryByRole('list', { name: 'Lines' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
};
const nothingWaits = (world: PageWorld) =>
  expect([world.tree, world.pages, world.lines, world.refreshes].map((e) => e.waiting())).toEqual([
    false,
    false,
    false,
    false,
  ]);

describeViewPaths('device page, played on the device page screen', devicePageMachine, {
  model,
  start,
  play,
  stop: (world) => {
    world.toasts.stop();
    vi.useRealTimers();
  },
  settle: 5000,
  states: {
    idle: (_, world) => {
      expect(screen.queryByRole('list', { name: 'Lines' })).toBeNull();
      expect(screen.queryByText('Loading lines…')).toBeNull();
      if (world.notFound) {
        // SPEC §4: an unknown device, department or page goes to 404, saying which.
        expect(window.location.pathname).toBe('/not-found');
        expect(screen.getByText(world.notFound)).toBeTruthy();
      } else {
        expect(window.location.pathname).toBe('/');
        expect(screen.getByRole('heading', { name: WELCOME })).toBeTruthy();
      }
      sent(world);
    },
    lookingUp: (_, world) => {
      // The department is not known yet: the title is the page number alone.
      pageShown(world, String(world.address!.page));
      expect(screen.getByRole('status', { name: '' }).textContent).toBe('Loading lines…');
      noLines();
      expect(world.tree.waiting() || world.pages.waiting(), 'the tree or the page names are read').toBe(true);
      expect(world.lines.waiting()).toBe(false);
    },
    loading: (_, world) => {
      pageShown(world, '1 Overview');
      expect(screen.getByText('Loading lines…')).toBeTruthy();
      noLines();
      expect(world.lines.waiting(), 'the lines request waits').toBe(true);
    },
    offline: (_, world) => {
      pageShown(world, '1');
      // SPEC §4: the notice names the department, and no lines are loaded.
      expect(screen.getByText('Department Freezer is offline')).toBeTruthy();
      expect(screen.queryByText('Loading lines…')).toBeNull();
      noLines();
      nothingWaits(world);
    },
    failed: (s, world) => {
      pageShown(world, s.context.department ? '1 Overview' : '1');
      const alert = screen.getByRole('alert');
      // The toast names the department (its address until the tree knows it); the alert names it once known
      // and otherwise leaves the name out (reported as a gap: it could show the address as the toast does).
      const named = s.context.department ? loadFailed('Room') : loadFailed('').trim();
      expect(within(alert).getByText(named, { normalizer: (text) => text.trim() })).toBeTruthy();
      expect(within(alert).getByRole<HTMLButtonElement>('button', { name: 'Try again' }).disabled).toBe(
        false,
      );
      noLines();
      nothingWaits(world);
    },
    'loaded.watching': (_, world) => {
      pageShown(world, '1 Overview');
      linesShown(world);
      expect(button('Refresh').disabled).toBe(false);
      nothingWaits(world);
    },
    'loaded.refreshing': (_, world) => {
      pageShown(world, '1 Overview');
      linesShown(world);
      expect(button('Refresh').disabled, 'Refresh while refreshing').toBe(true);
      expect(world.refreshes.waiting(), 'the refresh request waits').toBe(true);
    },
    'loaded.editing': (_, world) => {
      pageShown(world, '1 Overview');
      const shown = dialog()!;
      expect(within(shown).getByText('Line 1')).toBeTruthy();
      expect(within(shown).getByText('Setpoint')).toBeTruthy();
      nothingWaits(world);
    },
  },
  unreachable: {
    'devicePage.offline on page.refresh':
      'the offline notice offers no Refresh control (DevicePageScreen shows Refresh only once loaded)',
  },
});
