import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { CHILLER, expectSaves, LIVE_PAGES, widgetNames } from './dashboardEditorPathWorld';
import {
  button,
  DEVICE_PAGE,
  dialogNamed,
  freezerName,
  PUSHED,
  toolbar,
  type Dialog,
  type EditorWorld,
} from './dashboardEditorPathPlay';
import { toastsAsExpected } from '../dom/toastsShown';

/** What the operator sees of the dashboard editor in its states, against the path's world. */

/** What was sent and said so far: saves, downloads, files and toasts. */
export function sentAndSaid(world: EditorWorld) {
  expectSaves(world.server, world.expectedSaves);
  expect(world.server.downloads, 'the downloads asked').toEqual(
    world.expectedFiles.map(() => ({
      exportType: 'CSV',
      body: expect.objectContaining({ dashboardId: 'd-overview', widgetId: 'w-1' }) as unknown,
    })),
  );
  expect(world.files.names, 'the files handed to the browser').toEqual(world.expectedFiles);
  toastsAsExpected(world);
}

const DEVICE_HEXACODE = DEVICE_PAGE.split('/')[1];

/**
 * The pages the live socket is subscribed to for the dashboard, as hexacode/dep/sub/page, replayed from what was
 * sent on it (the device page the paths start on subscribes to its own page: left out).
 */
function subscribedPages(world: EditorWorld): string[] {
  const pages = new Set<string>();
  for (const text of world.socket.last().sent) {
    const { type, payload } = JSON.parse(text) as { type: string; payload?: Record<string, unknown> };
    if (!payload || payload.hexacode === DEVICE_HEXACODE) continue;
    const page = `${payload.hexacode}/${payload.department}/${payload.subDepartment}/${payload.page}`;
    if (type === 'Subscribe') pages.add(page);
    if (type === 'Unsubscribe') pages.delete(page);
  }
  return [...pages].sort();
}

/** Live values come for the pages of the dashboard shown, and for none once it is not (SPEC §2). */
export function readsLive(world: EditorWorld, shown: boolean) {
  expect(subscribedPages(world), 'the pages subscribed to').toEqual(shown ? LIVE_PAGES : []);
}

const MODAL: Dialog[] = ['addWidget', 'editWidget', 'rename', 'unsaved', 'conflict', 'annotations'];

/** The dashboard as loaded and edited: heading, widgets in the grid's order, the pushed value, the toggle. */
export function dashboardShown(world: EditorWorld) {
  const hidden = MODAL.includes(world.dialog);
  const shape = world.shown!;
  expect(window.location.pathname).toBe('/dashboard/d-overview');
  expect(screen.getByRole('heading', { level: 1, name: shape.name, hidden })).toBeTruthy();
  const names = screen
    .getAllByRole('article', { hidden })
    .map((article) => within(article).getAllByRole('heading', { level: 2, hidden })[0]!.textContent);
  expect(names, 'the widgets shown').toEqual(world.fullscreen ? [freezerName(world)] : widgetNames(shape));
  const fullscreen = button(`Fullscreen ${freezerName(world)}`, hidden);
  expect(fullscreen.getAttribute('aria-pressed')).toBe(String(world.fullscreen));
  if (!world.fullscreen && shape.chiller) {
    // The grid places items by transform: translate(left, top).
    const top = (name: string) => {
      const item = screen.getByRole('article', { name, hidden }).closest<HTMLElement>('.react-grid-item')!;
      return Number(/translate\([^,]+,\s*([\d.]+)px\)/.exec(item.style.transform)?.[1]);
    };
    const [chillerTop, freezerTop] = [top(CHILLER), top(freezerName(world))];
    expect(
      chillerTop < freezerTop,
      `Chiller line (${chillerTop}) dragged above the Freezer line (${freezerTop})`,
    ).toBe(shape.moved);
  }
  const freezer = screen.getByRole('article', { name: freezerName(world), hidden });
  expect(within(freezer).queryByText(PUSHED.shown) !== null, 'the pushed value').toBe(world.value !== null);
  const toggle = within(toolbar(hidden)).getByRole('button', {
    name: world.editing ? 'Done' : 'Edit dashboard',
    hidden,
  });
  expect(toggle.getAttribute('aria-pressed')).toBe(String(world.editing));
  // The list takes the name the dashboard is stored under, once it is loaded or saved.
  const sidebar = within(screen.getByRole('region', { name: 'Dashboards', hidden }));
  expect(sidebar.getByRole('link', { name: world.listName, hidden })).toBeTruthy();
  readsLive(world, true);
  expect(world.server.loads.waiting(), 'no load waits').toBe(false);
  sentAndSaid(world);
}

/** Edit mode's toolbar and the widgets' edit buttons (SPEC §2); Save is disabled while a save waits. */
export function editToolbar(world: EditorWorld, saving: boolean) {
  const hidden = MODAL.includes(world.dialog);
  expect(world.editing, 'in edit mode').toBe(true);
  const inToolbar = (name: string) =>
    within(toolbar(hidden)).getByRole<HTMLButtonElement>('button', { name, hidden });
  for (const name of ['Add widget', 'Rename dashboard', 'Delete dashboard'])
    expect(inToolbar(name).disabled).toBe(false);
  expect(inToolbar('Save').disabled).toBe(saving);
  expect(world.server.saves.waiting(), 'a save waits').toBe(saving);
  const deletes = screen.queryAllByRole('button', { name: /^Delete widget /, hidden });
  expect(deletes.map((each) => each.getAttribute('aria-label'))).toEqual(
    (world.fullscreen ? [freezerName(world)] : widgetNames(world.shown!)).map(
      (name) => `Delete widget ${name}`,
    ),
  );
}

export function noDialog(world: EditorWorld) {
  expect(world.dialog).toBeNull();
  expect(screen.queryByRole('dialog')).toBeNull();
}

/**
 * The unsaved-changes question, asked before the operator leaves: Keep editing (Done) or Stay (another route,
 * back, logout, still on the dashboard's address), Discard, and Save (disabled while saving).
 */
export function unsavedAsked(world: EditorWorld, saving: boolean) {
  expect(world.dialog).toBe('unsaved');
  const away = world.exit !== 'view';
  const name = world.shown!.name;
  const dialog = within(dialogNamed(away ? `Save changes to ${name}?` : 'Unsaved changes'));
  expect(
    dialog.getByText(
      away
        ? `You are leaving the dashboard ${name} with changes that are not saved. Save them, discard them, or stay on the dashboard.`
        : 'This dashboard has changes that are not saved.',
    ),
  ).toBeTruthy();
  expect(
    dialog.getByRole<HTMLButtonElement>('button', { name: away ? 'Stay' : 'Keep editing' }).disabled,
  ).toBe(false);
  expect(dialog.getByRole<HTMLButtonElement>('button', { name: 'Discard' }).disabled).toBe(false);
  expect(dialog.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(saving);
}

/** A save met a change made elsewhere: the question names the dashboard and offers both ways on. */
export function conflictAsked(world: EditorWorld) {
  expect(world.dialog).toBe('conflict');
  const name = world.shown!.name;
  const dialog = within(dialogNamed(`${name} was changed elsewhere`));
  expect(dialog.getByText(/your next Save overwrites the stored copy/)).toBeTruthy();
  expect(dialog.getByRole('button', { name: 'Keep editing' })).toBeTruthy();
  expect(dialog.getByRole('button', { name: 'Reload stored copy' })).toBeTruthy();
}

/** Gone from the dashboard after answering the question: on the device page, or signed out at the login. */
export function leftShown(world: EditorWorld) {
  expect(window.location.pathname).toBe(world.left === 'logout' ? '/login' : DEVICE_PAGE);
  if (world.left === 'logout') expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
  expect(screen.queryByRole('heading', { level: 1, name: world.listName })).toBeNull();
  expect(screen.queryByRole('dialog')).toBeNull();
  readsLive(world, false);
  sentAndSaid(world);
}

/** Before the dashboard shows: its route, the list's name as heading, no edit toggle. */
export function notShown(world: EditorWorld) {
  expect(window.location.pathname).toBe('/dashboard/d-overview');
  expect(screen.getByRole('heading', { level: 1, name: world.listName })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Edit dashboard' })).toBeNull();
  expect(screen.queryAllByRole('article')).toHaveLength(0);
  noDialog(world);
  readsLive(world, false);
  sentAndSaid(world);
}
