import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { vi } from 'vitest';
import { navigate } from 'wouter/use-browser-location';
import type { InspectionEvent } from 'xstate';
import type { DashboardSummary, SortSettings } from '#contracts';
import { storeSession } from '../dom/renderApp';
import { heldServer, sortedBy, type HeldServer } from '../servers/dashboardsPathServer';
import { operatorSession } from '../fixtures/fixtures';
import { renderProduct } from '../paths/viewPaths';
import { server as msw } from '../../ui/setup';
import { toastsShown, type ToastsShown } from '../dom/toastsShown';

/** What the user did and saw, what the server holds and received, and what SPEC §2 and §4 say follows. */
export interface DashboardsWorld {
  user: UserEvent;
  /** The state of the list SPEC leads to from what happened so far ("loaded.grouping.saving"). */
  step: string;
  server: HeldServer;
  toasts: ToastsShown;
  expectedToasts: string[];
  /** Where the browser is. */
  path: string;
  /** The dashboard the sidebar marks as current. */
  selected: string | null;
  /** The groups the sidebar shows open. */
  expanded: Set<string>;
  /** The route named a dashboard the list does not hold: the 404 page shows. */
  notFound: boolean;
  /** The dashboard or group the last menu entry was chosen for. */
  target: string | null;
  prompt: { value: string; error: boolean };
  sorting: SortSettings;
  group: { id: string | null; name: string; members: string[]; error: string | null };
  /** Files the browser saved, by name, with their text. */
  downloads: { name: string; text: Promise<string> }[];
  expectedDownloads: string[];
  /** The sidebar rows as a drag or a Move entry left them, until the server has the new orders. */
  moved: string[] | null;
  restore: () => void;
}

const START = '/dashboard/d-overview';

/** jsdom has no object URLs: an anchor's download is recorded with the blob it points at. */
export function recordDownloads(downloads: DashboardsWorld['downloads']) {
  const blobs = new Map<string, Blob>();
  const created = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.set(`blob:${blobs.size}`, blob as Blob);
    return `blob:${blobs.size - 1}`;
  });
  const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push({ name: this.download, text: blobs.get(this.href)!.text() });
  });
  return () => [created, revoked, click].forEach((spy) => spy.mockRestore());
}

/** The operator signed in on Overview; the list's first request waits for the path to answer it. */
export async function startDashboards(inspect: (event: InspectionEvent) => void): Promise<DashboardsWorld> {
  const { server, handlers } = heldServer();
  msw.use(...handlers);
  const downloads: DashboardsWorld['downloads'] = [];
  const world: DashboardsWorld = {
    user: userEvent.setup({ delay: null }),
    step: 'loading',
    server,
    toasts: toastsShown(),
    expectedToasts: [],
    path: START,
    selected: null,
    expanded: new Set(),
    notFound: false,
    target: null,
    prompt: { value: '', error: false },
    sorting: { sortMode: 'CUSTOM', sortDirection: 'ASC' },
    group: { id: null, name: '', members: [], error: null },
    downloads,
    expectedDownloads: [],
    moved: null,
    restore: recordDownloads(downloads),
  };
  storeSession(operatorSession);
  renderProduct(START, { inspect });
  // The first path loads the signed-in chunk, slow on a busy machine.
  await screen.findByRole('region', { name: 'Dashboards' }, { timeout: 20_000 });
  return world;
}

/** The browser goes to `path` (typed, a bookmark, back or forward). */
export async function goTo(world: DashboardsWorld, path: string) {
  world.path = path;
  await act(async () => navigate(path));
}

export const sidebar = () => screen.getByRole('region', { name: 'Dashboards', hidden: true });
const named = (name: string) => within(sidebar()).getByRole('button', { name, hidden: true });
export const dashboardName = (world: DashboardsWorld, id: string | null) =>
  world.server.stored().dashboards.find((d) => d.id === id)?.name ?? '';

/** Opens the ⋮ menu `menu` of the sidebar (or the account menu) and chooses `entry`. */
export async function choose(world: DashboardsWorld, menu: string, entry: string) {
  await world.user.click(
    menu === 'Account menu' ? screen.getByRole('button', { name: /^Account menu/ }) : named(menu),
  );
  await world.user.click(await screen.findByRole('menuitem', { name: entry }));
}

/** A sidebar row as the tests read it: name, ★ when favorite, (current) when selected; a group [its rows]. */
function shownRow(item: Element): string {
  const link = item.querySelector(':scope > a');
  if (link) {
    const favorite = item.querySelector(':scope > [aria-label="Favorite"]') ? ' ★' : '';
    return `${link.textContent}${favorite}${link.getAttribute('aria-current') === 'page' ? ' (current)' : ''}`;
  }
  const toggle = item.querySelector('[aria-expanded]')!;
  const inner = item.querySelector(':scope > ul');
  const rows =
    toggle.getAttribute('aria-expanded') === 'true' && inner ? [...inner.children].map(shownRow) : [];
  return `${toggle.lastElementChild?.textContent} [${rows.join(', ')}]`;
}

/** The sidebar's rows, top level first. */
export function shownEntries(): string[] {
  const list = sidebar().querySelector(':scope ul');
  return list ? [...list.children].map(shownRow) : [];
}

/** The rows the stored list, the selection and the open groups make (SPEC §4's order). */
export function expectedEntries(world: DashboardsWorld, stored = world.server.stored()): string[] {
  const { dashboards, groups, settings } = stored;
  const row = (d: DashboardSummary) =>
    `${d.name}${d.favorite ? ' ★' : ''}${d.id === world.selected ? ' (current)' : ''}`;
  const groupIds = new Set(groups.map((g) => g.id));
  const top = [
    ...groups.map((g) => ({ ...g, members: dashboards.filter((d) => d.groupId === g.id) })),
    ...dashboards.filter((d) => d.groupId === null || !groupIds.has(d.groupId)),
  ];
  return sortedBy(top, settings).map((entry) =>
    'members' in entry
      ? `${entry.name} [${world.expanded.has(entry.id) ? sortedBy(entry.members, settings).map(row).join(', ') : ''}]`
      : row(entry),
  );
}

/** Selects a dashboard as SPEC §4 says: it is current, its group opens, the browser shows it. */
export function selectIn(world: DashboardsWorld, id: string | null, navigateTo = true) {
  world.selected = id;
  const groupId = world.server.stored().dashboards.find((d) => d.id === id)?.groupId;
  if (groupId) world.expanded.add(groupId);
  if (navigateTo && id) world.path = `/dashboard/${id}`;
}

/** The toasts shown so far are the ones the world expects, in order. */

/** The open dialog (there is one at a time) and its controls. */
export const dialog = (name: string) => screen.getByRole('dialog', { name });
export const inDialog = () => within(screen.getByRole('dialog'));
export const clickInDialog = (world: DashboardsWorld, name: string) =>
  world.user.click(inDialog().getByRole('button', { name }));

/** Types `value` over the field's text; a blank one is typed and erased if the field is already blank. */
export async function retype(world: DashboardsWorld, label: string, value: string) {
  const field = inDialog().getByLabelText<HTMLInputElement>(label);
  if (!field.value && !value) await world.user.type(field, ' ');
  await world.user.clear(field);
  if (value) await world.user.type(field, value);
}
