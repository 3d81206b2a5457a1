import '../support/resizeObserver';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect, vi } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { unsavedDashboardMachine } from '../../src/machines/unsavedDashboard/unsavedDashboardMachine';
import { DashboardConflictError } from '../../src/services/api';
import {
  DashboardUpdate,
  DashboardVersionConflict,
  DashboardsList,
  type Dashboard,
} from '../../src/services/contracts';
import { createStorage } from '../../src/services/storage';
import type { ModelOptions } from '../support/coveringPaths';
import { editedDashboard } from '../support/dashboardEditorFixtures';
import { summary } from '../support/dashboardFixtures';
import { dashboardHandlers } from '../support/dashboardHandlers';
import { operatorSession } from '../support/fixtures';
import { toastsShown } from '../support/lineWriteServer';
import { modelEvents } from '../support/modelEvents';
import { describeViewPaths, renderProduct } from '../support/viewPaths';
import { server } from '../ui/setup';

type UnsavedModelEvent = Parameters<typeof unsavedDashboardMachine.transition>[1];

const { done, failed } = modelEvents<typeof unsavedDashboardMachine>();
/** The edited Overview as the operator left it: its Freezer line widget deleted. */
const draft: Dashboard = { ...editedDashboard, widgets: editedDashboard.widgets.slice(1) };
const SAVED = done('saveDashboard', { ...draft, version: 4 });
const CONFLICT = failed('saveDashboard', new DashboardConflictError(5));
const FAILED = failed('saveDashboard', new Error('network'));

const model: ModelOptions<typeof unsavedDashboardMachine> = {
  input: { draft },
  events: [{ type: 'unsaved.save' }, { type: 'unsaved.discard' }, SAVED, CONFLICT, FAILED],
  serializeState: (s) => JSON.stringify(s.value),
};

/** Overview (being edited) and Plant, where the operator goes with the edits unsaved. */
const list = v.parse(DashboardsList, {
  dashboards: [
    summary('d-overview', 'Overview', { favorite: true }),
    summary('d-plant', 'Plant', { order: 1 }),
  ],
  groups: [],
  settings: { sortMode: 'CUSTOM', sortDirection: 'ASC' },
});

const DIALOG = 'Unsaved changes in Overview';
const TOAST = {
  saved: 'Dashboard Overview saved',
  conflict: 'The dashboard Overview was changed elsewhere; your unsaved changes were not saved',
  failed: 'The dashboard Overview could not be saved',
};

/** What the operator did, what the server received and answered, and what SPEC says follows. */
interface UnsavedWorld {
  user: UserEvent;
  toasts: { texts: string[]; stop(): void };
  /** PUT /api/v2/dashboards/ bodies received, parsed by their contract. */
  puts: DashboardUpdate[];
  /** The save the server holds until the path answers it. */
  respond: ((response: Response) => void) | null;
  expectedPuts: number;
  expectedToasts: string[];
  /** Whether the question is still open (SPEC: edits are never lost by navigating). */
  asked: boolean;
}

async function start(inspect: (event: InspectionEvent) => void): Promise<UnsavedWorld> {
  const world: UnsavedWorld = {
    user: userEvent.setup({ delay: null }),
    toasts: toastsShown(),
    puts: [],
    respond: null,
    expectedPuts: 0,
    expectedToasts: [],
    asked: true,
  };
  // Handlers listed first answer first: Overview with its widgets, and saves held.
  server.use(
    http.get('*/api/v2/dashboards/d-overview', () => HttpResponse.json(editedDashboard)),
    http.put('*/api/v2/dashboards/', async ({ request }) => {
      world.puts.push(v.parse(DashboardUpdate, await request.json()));
      return new Promise<Response>((resolve) => (world.respond = resolve));
    }),
    ...dashboardHandlers(list).handlers,
  );
  createStorage(window.localStorage).writeSession(operatorSession, operatorSession.token.id);
  renderProduct('/dashboard/d-overview', { inspect });
  // The operator edits Overview (deletes a widget) and opens Plant from the sidebar without saving.
  const { user } = world;
  await user.click(await screen.findByRole('button', { name: 'Edit dashboard' }, { timeout: 10_000 }));
  await user.click(await screen.findByRole('button', { name: 'Delete widget Freezer line' }));
  await user.click(screen.getByRole('link', { name: 'Plant' }));
  return world;
}

async function answer(world: UnsavedWorld, response: Response) {
  await vi.waitFor(() => expect(world.respond, 'a save waits for the server').not.toBeNull());
  world.respond!(response);
  world.respond = null;
}

const dialog = () => screen.getByRole('dialog', { name: DIALOG });
const button = (name: string) => within(dialog()).getByRole<HTMLButtonElement>('button', { name });

async function play(event: UnsavedModelEvent, world: UnsavedWorld) {
  // The model's events include the invoked save's, which the machine's event type leaves out.
  const type: string = event.type;
  if (event.type === 'unsaved.save') {
    await world.user.click(button('Save'));
    world.expectedPuts++;
  } else if (event.type === 'unsaved.discard') {
    await world.user.click(button('Discard'));
    world.asked = false;
  } else if (type === SAVED.type) {
    await answer(world, HttpResponse.json({ ...draft, version: 4 }));
    Object.assign(world, { asked: false, expectedToasts: [...world.expectedToasts, TOAST.saved] });
  } else if ((event as { error?: unknown }).error instanceof DashboardConflictError) {
    // SPEC §7: a stale version is a 409 naming the stored one; the edits cannot be saved and are dropped.
    const body = { statusCode: 409, code: 'VERSION_CONFLICT', error: 'Conflict', message: 'Stale' };
    await answer(
      world,
      HttpResponse.json(v.parse(DashboardVersionConflict, { ...body, currentVersion: 5 }), { status: 409 }),
    );
    Object.assign(world, { asked: false, expectedToasts: [...world.expectedToasts, TOAST.conflict] });
  } else if (type === FAILED.type) {
    // Any other failure keeps the edits: the question is asked again.
    await answer(world, HttpResponse.error());
    world.expectedToasts.push(TOAST.failed);
  } else throw new Error(`No way to play ${type}`);
}

/** Plant stays in front of the operator; every save sent the whole edited Overview at its loaded version. */
function behind(world: UnsavedWorld) {
  expect(window.location.pathname).toBe('/dashboard/d-plant');
  // Under the modal question the page is hidden from assistive technology; once answered it is not.
  const hidden = world.asked;
  expect(screen.getByRole('heading', { name: 'Plant', level: 1, hidden })).toBeTruthy();
  expect(world.puts).toHaveLength(world.expectedPuts);
  for (const put of world.puts) {
    expect(put).toMatchObject({ id: 'd-overview', name: 'Overview', version: editedDashboard.version });
    expect(put.widgets.map((widget) => widget.name)).toEqual(['Chiller line']);
  }
  expect(world.toasts.texts, 'the toasts shown so far').toEqual(world.expectedToasts);
}

function asked(world: UnsavedWorld, saving: boolean) {
  expect(world.asked, 'the question is open').toBe(true);
  const shown = dialog();
  expect(
    within(shown).getByText(/^You left the dashboard Overview with changes that are not saved/),
  ).toBeTruthy();
  // Leaving edit mode is behind the operator: the question offers Save and Discard, not Keep editing.
  expect(within(shown).queryByRole('button', { name: 'Keep editing' })).toBeNull();
  expect(button('Save').disabled).toBe(saving);
  expect(button('Discard').disabled).toBe(false);
  expect(world.respond !== null, 'a save waits for the server').toBe(saving);
  behind(world);
}

describeViewPaths('unsaved dashboard, played after leaving an edited dashboard', unsavedDashboardMachine, {
  model,
  start,
  play: (event, world) => play(event, world),
  stop: (world) => world.toasts.stop(),
  settle: 5000,
  states: {
    asking: (_, world) => asked(world, false),
    saving: (_, world) => asked(world, true),
    done: (_, world) => {
      expect(world.asked, 'the question is open').toBe(false);
      expect(screen.queryByRole('dialog', { name: DIALOG })).toBeNull();
      expect(world.respond, 'no save waits').toBeNull();
      behind(world);
    },
  },
});
