import '../fakes/resizeObserver';
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect, vi } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import type { DepartmentLookup, PageAddress } from '../../../src/machines/devicePage/devicePage.types';
import { REFRESH_INTERVAL_MS } from '../../../src/machines/devicePage/devicePageMachine';
import { DeviceTree, LinesRequest, PagesResponse } from '#contracts';
import { storeSession } from '../dom/renderApp';
import { server } from '../../ui/setup';
import { heldEndpoint, treeDepartmentNames, type HeldEndpoint } from '../servers/devicePageServer';
import {
  linesAnswer,
  LOOKUP_FAILED,
  PAGE_LINES,
  PAGE_NOT_PRESENT,
  pageNameOf,
  pathOf,
  REFRESH_DUE,
  ROOM,
  type PageModelEvent,
  type PageSnapshot,
} from './devicePagePathModel';
import { deviceTree, operatorSession, pages } from '../fixtures/fixtures';
import { renderProduct } from '../paths/viewPaths';
import { toastsShown, type ToastsShown } from '../dom/toastsShown';
import { accountSettingsHandler } from '../servers/apiHandlers';

type LinesRequest = v.InferOutput<typeof LinesRequest>;

export const WELCOME = `Welcome, ${operatorSession.metadata.username}`;

/** What the user did, what the server and the socket said, and what SPEC §4 makes of it. */
export interface PageWorld {
  socket: ReturnType<typeof renderProduct>;
  tree: HeldEndpoint<string>;
  pages: HeldEndpoint<unknown>;
  lines: HeldEndpoint<LinesRequest>;
  refreshes: HeldEndpoint<LinesRequest>;
  toasts: ToastsShown;
  /** The page open (as the route first named it), where the browser is, and the 404 message a redirect named. */
  address: PageAddress | null;
  pathname: string;
  notFound: string | null;
  treeLoaded: boolean;
  /**
   * Departments whose pages the tree holds (with their names): it loads those of each page opened (SPEC §2), and the page's
   * lookup waits for them. Another page of such a department is looked up at once.
   */
  treePages: Map<string, string>;
  lookupAtOnce: boolean;
  /** What the tree said of the open page's department, and the page's name once read (never when offline). */
  department: string | null;
  pageName: string | null;
  /** The writable line of each of Room's pages as the device holds it (pushes are the device's), and as shown. */
  deviceValues: Map<number, string>;
  shownValue: string;
  expectedToasts: string[];
  expectedTreeReads: number;
  expectedLoads: LinesRequest[];
  expectedRefreshes: LinesRequest[];
  /** Topic messages the socket must have sent (SPEC §9: the open page subscribes, leaving unsubscribes). */
  expectedTopics: unknown[];
  dialogOpen: boolean;
}

export async function start(inspect: (event: InspectionEvent) => void): Promise<PageWorld> {
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
    pathname: '/',
    notFound: null,
    treeLoaded: false,
    treePages: new Map(),
    lookupAtOnce: false,
    department: null,
    pageName: null,
    deviceValues: new Map(Object.entries(PAGE_LINES).map(([page, lines]) => [Number(page), lines.value])),
    shownValue: '',
    expectedToasts: [],
    // Signing in reads the device tree for the sidebar.
    expectedTreeReads: 1,
    expectedLoads: [],
    expectedRefreshes: [],
    expectedTopics: [],
    dialogOpen: false,
  };
  server.use(
    http.get('*/api/v2/devices/', world.tree.respond),
    treeDepartmentNames(deviceTree),
    http.post('*/api/v2/devices/departments/pages', world.pages.respond),
    http.post('*/api/v2/devices/pages/lines', world.lines.respond),
    http.post('*/api/v2/devices/pages/lines/refresh', world.refreshes.respond),
    // The Refresh button shows only with page refresh on request turned on (account settings).
    accountSettingsHandler({ enablePageRefreshOnRequest: true }),
  );
  storeSession(operatorSession);
  world.socket = renderProduct('/', { inspect });
  await vi.waitFor(() => screen.getByRole('heading', { name: WELCOME }));
  await vi.waitFor(() => expect(world.socket.connections).toHaveLength(1));
  world.socket.last().listeners.opened();
  return world;
}

const label = (a: PageAddress) => `${a.hexacode} ${a.department}.${a.subDepartment}`;
export const loadFailed = (department: string) => `Cannot load lines for department ${department}`;
const topic = (type: 'Subscribe' | 'Unsubscribe', address: PageAddress) => ({
  type,
  payload: { kind: 'page', ...address },
});
/** The lines of the open page as the product asks for them: a real device adds its ADF and name (SPEC §7). */
const linesRequestOf = (world: PageWorld): LinesRequest => ({
  ...world.address!,
  rawHexacode: '0A0B0C',
  adf: 'AK-CC550',
  departmentName: world.department!,
});
const departmentOf = (a: PageAddress) => `${a.hexacode.toUpperCase()}:${a.department}:${a.subDepartment}`;
const samePage = (a: PageAddress, b: PageAddress) => pathOf(a).toLowerCase() === pathOf(b).toLowerCase();
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
export const dialog = () => screen.queryByRole('dialog', { name: 'Line details' });

async function answerTree(world: PageWorld, ok: boolean) {
  await world.tree.answer(ok ? HttpResponse.json(v.parse(DeviceTree, deviceTree)) : HttpResponse.error());
  world.treeLoaded = ok;
}

/** The user leaves the open page (for another page or home): a loaded page stops following its topic. */
function leave(world: PageWorld, from: PageSnapshot) {
  if (from.matches('loaded')) world.expectedTopics.push(topic('Unsubscribe', world.address!));
  Object.assign(world, {
    address: null,
    department: null,
    pageName: null,
    notFound: null,
    dialogOpen: false,
  });
}

/** Plays what the user does and what the server answers; a device page is the only page the user opens. */
export async function play(event: PageModelEvent, world: PageWorld, from: PageSnapshot) {
  const type: string = event.type;
  switch (event.type) {
    case 'page.open':
      // The user follows a link to the page (the same page under another spelling reports the route again).
      navigate(pathOf(event.address));
      world.pathname = pathOf(event.address);
      if (world.address && samePage(world.address, event.address)) return;
      if (world.address) leave(world, from);
      Object.assign(world, {
        address: event.address,
        notFound: null,
        lookupAtOnce: world.treeLoaded && world.treePages.has(departmentOf(event.address)),
      });
      // The tree holds the department's pages: the page knows its department and name, and asks its lines.
      if (world.lookupAtOnce) {
        Object.assign(world, {
          department: world.treePages.get(departmentOf(event.address)),
          pageName: pageNameOf(event.address),
        });
        world.expectedLoads.push(linesRequestOf(world));
      }
      return;
    case 'page.close':
      navigate('/');
      world.pathname = '/';
      leave(world, from);
      return;
    case 'page.refresh':
      if (from.matches('failed')) {
        // The page's own Try again (the sidebar offers one for the tree too): the department is looked up
        // again, which reads the tree again when it could not.
        fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
        if (!world.treeLoaded) world.expectedTreeReads++;
        return;
      }
      fireEvent.click(button('Refresh'));
      world.expectedRefreshes.push(linesRequestOf(world));
      return;
    case 'line.select': {
      const lines = PAGE_LINES[world.address!.page]!;
      if (event.lineNumber === 1) {
        fireEvent.click(button(lines.writable));
        world.dialogOpen = true;
      } else {
        // A read-only line is not a control: clicking its row opens nothing.
        expect(screen.queryByRole('button', { name: lines.readOnly })).toBeNull();
        fireEvent.click(screen.getByText(lines.readOnly));
      }
      return;
    }
    case 'page.valuesPushed': {
      const { kind: _kind, ...address } = event.topic;
      const value = event.lines[0]!.value!;
      world.socket
        .last()
        .listeners.received(
          JSON.stringify({ type: 'LineValues', payload: { ...address, lines: event.lines } }),
        );
      // The device holds the pushed value; only the open page shows it.
      if (samePage({ ...address, page: ROOM.page }, ROOM)) world.deviceValues.set(address.page, value);
      if (samePage(address, world.address!)) world.shownValue = value;
      return;
    }
  }
  if (type === REFRESH_DUE.type) {
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    world.expectedRefreshes.push(linesRequestOf(world));
    return;
  }
  if (type === 'xstate.done.actor.lineEdit') {
    // SPEC §4: no refresh while the dialog is open, however long it stays open.
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS + 1000);
    expect(world.refreshes.requests, 'refreshes while the dialog is open').toEqual(world.expectedRefreshes);
    fireEvent.click(within(dialog()!).getByRole('button', { name: 'Cancel' }));
    world.dialogOpen = false;
    world.expectedRefreshes.push(linesRequestOf(world));
    return;
  }
  await answer(event, world);
}

/** What the tree and the lines endpoints answer. */
async function answer(event: PageModelEvent, world: PageWorld) {
  const type: string = event.type;
  const output = (event as { output?: unknown }).output;
  const deviceValue = () => world.deviceValues.get(world.address!.page)!;
  if (type === LOOKUP_FAILED.type) {
    await answerTree(world, false);
    world.expectedToasts.push(loadFailed(label(world.address!)));
  } else if (type === 'xstate.done.actor.lookupDepartment') {
    if (!world.treeLoaded) await answerTree(world, true);
    const lookup = output as DepartmentLookup;
    if (lookup.kind !== 'found') {
      world.notFound = lookup.kind === 'unknownDevice' ? 'Device is not found' : 'Department is not found';
      world.address = null;
    } else if (world.lookupAtOnce) {
      // Looked up when the page opened (play).
    } else if (lookup.status === 'ON') {
      // The tree's request for the department's pages: the page's lookup waits for it.
      await world.pages.answer(HttpResponse.json(v.parse(PagesResponse, { status: 'OK', pages })));
      world.treePages.set(departmentOf(world.address!), lookup.departmentName);
      Object.assign(world, { department: lookup.departmentName, pageName: pageNameOf(world.address!) });
      world.expectedLoads.push(linesRequestOf(world));
    } else world.department = lookup.departmentName;
  } else if (type === 'xstate.done.actor.loadLines' && output === PAGE_NOT_PRESENT) {
    await world.lines.answer(HttpResponse.json(PAGE_NOT_PRESENT));
    Object.assign(world, { notFound: 'Page is not found', address: null });
  } else if (type === 'xstate.done.actor.loadLines') {
    await world.lines.answer(HttpResponse.json(linesAnswer(world.address!.page, deviceValue())));
    world.shownValue = deviceValue();
    world.expectedTopics.push(topic('Subscribe', world.address!));
  } else if (type === 'xstate.error.actor.loadLines') {
    await world.lines.answer(HttpResponse.error());
    world.expectedToasts.push(loadFailed(world.department!));
  } else if (type === 'xstate.done.actor.refreshLines') {
    await world.refreshes.answer(HttpResponse.json(linesAnswer(world.address!.page, deviceValue())));
    world.shownValue = deviceValue();
  } else if (type === 'xstate.error.actor.refreshLines') {
    await world.refreshes.answer(HttpResponse.error());
    world.expectedToasts.push(loadFailed(world.department!));
  } else throw new Error(`No way to play ${type}`);
}
