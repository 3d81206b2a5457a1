import '../support/fakes/resizeObserver';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createNavigation } from '../../src/services/navigation';
import { editedDashboard } from '../support/fixtures/dashboardEditorFixtures';
import { dashboardsList } from '../support/fixtures/dashboardFixtures';
import { dashboardHandlers } from '../support/servers/dashboardHandlers';
import { operatorSession } from '../support/fixtures/fixtures';
import { renderApp, storeSession } from '../support/dom/renderApp';
import { server } from './setup';

/** Renders the app on Overview, loaded as `dashboard` once `answered` settles; the saves are returned. */
function renderDashboard(dashboard = editedDashboard, answered: Promise<unknown> = Promise.resolve()) {
  server.use(...dashboardHandlers(dashboardsList).handlers);
  // The dashboard with its widgets, and saves counted.
  const saves: unknown[] = [];
  server.use(
    http.get('*/api/v2/dashboards/d-overview', async () => {
      await answered;
      return HttpResponse.json(dashboard);
    }),
    http.put('*/api/v2/dashboards/', async ({ request }) => {
      const body = (await request.json()) as typeof editedDashboard;
      saves.push(body);
      return HttpResponse.json({ ...editedDashboard, ...body, version: body.version + 1 });
    }),
  );
  storeSession(operatorSession);
  renderApp('/dashboard/d-overview');
  return saves;
}

/** The user makes an unsaved change: edit mode, and the Freezer line deleted. */
async function deleteFreezerLine(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Edit dashboard' }));
  await user.click(screen.getByRole('button', { name: 'Delete widget Freezer line' }));
}

/** The user answers Stay to the question about unsaved changes: it closes, and Overview stays open. */
async function stay(user: UserEvent, question: HTMLElement) {
  await user.click(within(question).getByRole('button', { name: 'Stay' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(window.location.pathname).toBe('/dashboard/d-overview');
}

describe('dashboard view', () => {
  it('shows a widget over the whole window, and Escape brings the dashboard back', async () => {
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Fullscreen Freezer line' }));
    const toggle = await screen.findByRole('button', { name: 'Fullscreen Freezer line', pressed: true });
    expect(toggle).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Chiller line' })).toBeNull();
    await user.keyboard('{Escape}');
    await screen.findByRole('button', { name: 'Fullscreen Freezer line', pressed: false });
    expect(screen.getByRole('heading', { name: 'Chiller line' })).toBeTruthy();
  }, 20_000);

  it('toggles edit mode, and asks before leaving it with unsaved changes', async () => {
    const user = userEvent.setup();
    renderDashboard();
    const edit = await screen.findByRole('button', { name: 'Edit dashboard' });
    expect(screen.getByRole('heading', { name: 'Overview', level: 1 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Freezer line' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fullscreen Freezer line' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete widget Freezer line' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();

    // Without changes, Done leaves edit mode at once.
    await user.click(edit);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('button', { name: 'Edit dashboard' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    // A deleted widget is an unsaved change: Done asks.
    await user.click(screen.getByRole('button', { name: 'Edit dashboard' }));
    await user.click(screen.getByRole('button', { name: 'Delete widget Freezer line' }));
    expect(screen.queryByRole('heading', { name: 'Freezer line' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    const again = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(within(again).getByRole('button', { name: 'Save' })).toBeTruthy();
    await user.click(within(again).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByRole('heading', { name: 'Freezer line' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit dashboard' })).toBeTruthy();
  });

  it('asks before another dashboard opens with unsaved changes: Stay keeps them, Discard goes on', async () => {
    const user = userEvent.setup();
    const saves = renderDashboard();
    await deleteFreezerLine(user);
    // Closing the tab now asks the browser's own question.
    expect(window.dispatchEvent(new Event('beforeunload', { cancelable: true }))).toBe(false);
    const region = screen.getByRole('region', { name: 'Dashboards' });
    await user.click(within(region).getByRole('button', { name: 'Expand group Cold rooms' }));
    await user.click(within(region).getByRole('link', { name: 'Freezers' }));

    const question = await screen.findByRole('dialog', { name: 'Save changes to Overview?' });
    await stay(user, question);
    expect(screen.queryByRole('heading', { name: 'Freezer line' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();

    await user.click(within(region).getByRole('link', { name: 'Freezers' }));
    const again = await screen.findByRole('dialog', { name: 'Save changes to Overview?' });
    await user.click(within(again).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard/d-freezers'));
    expect(saves).toEqual([]);
    expect(window.dispatchEvent(new Event('beforeunload', { cancelable: true }))).toBe(true);
  }, 20_000);

  it('undoes the browser back button with unsaved changes: Stay keeps the history, Discard goes back', async () => {
    const user = userEvent.setup();
    // The page the operator came from, then the dashboard, as the app's links make them.
    const navigation = createNavigation();
    navigation.go('/0A0B0C/1/0/pages/1');
    navigation.go('/dashboard/d-overview');
    renderDashboard();
    await deleteFreezerLine(user);
    const back = async () => {
      window.history.back();
      return screen.findByRole('dialog', { name: 'Save changes to Overview?' });
    };
    await stay(user, await back());
    expect(screen.queryByRole('heading', { name: 'Freezer line' })).toBeNull();

    // The page behind is still there: Back asks again, and Discard goes to it.
    await user.click(within(await back()).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(window.location.pathname).toBe('/0A0B0C/1/0/pages/1'));
    // The dashboard's entry is ahead, where it was.
    window.history.forward();
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard/d-overview'));
  }, 20_000);

  it('asks before a logout with unsaved changes: Stay keeps the session, Save saves and signs out', async () => {
    const user = userEvent.setup();
    const saves = renderDashboard();
    await deleteFreezerLine(user);
    const logout = async () => {
      await user.click(screen.getByRole('button', { name: /^Account menu/ }));
      await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
      return screen.findByRole('dialog', { name: 'Save changes to Overview?' });
    };
    await stay(user, await logout());
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();

    await user.click(within(await logout()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(saves).toEqual([expect.objectContaining({ id: 'd-overview', version: editedDashboard.version })]);
  }, 20_000);

  it('names the dashboard in the sidebar as the server stores it: as loaded, and as saved after a rename', async () => {
    const user = userEvent.setup();
    // Renamed elsewhere after the list loaded: the dashboard comes under another name than the list's.
    let answer = () => {};
    const saves = renderDashboard(
      { ...editedDashboard, name: 'Overview (night)' },
      new Promise<void>((resolve) => (answer = resolve)),
    );
    const sidebar = within(await screen.findByRole('region', { name: 'Dashboards' }));
    await sidebar.findByRole('link', { name: 'Overview' });
    answer();
    await user.click(await screen.findByRole('button', { name: 'Edit dashboard' }));
    expect(await sidebar.findByRole('link', { name: 'Overview (night)' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Rename dashboard' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Rename dashboard' }));
    await user.clear(dialog.getByRole('textbox', { name: 'Dashboard name' }));
    await user.type(dialog.getByRole('textbox', { name: 'Dashboard name' }), 'Night shift');
    await user.click(dialog.getByRole('button', { name: 'Apply' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await sidebar.findByRole('link', { name: 'Night shift' })).toBeTruthy();
    expect(sidebar.queryByRole('link', { name: 'Overview (night)' })).toBeNull();
    expect(saves).toEqual([expect.objectContaining({ name: 'Night shift' })]);
  }, 20_000);

  it('offers the first widget on an empty dashboard, entering edit mode for it', async () => {
    const user = userEvent.setup();
    renderDashboard({ ...editedDashboard, widgets: [] });
    await user.click(await screen.findByRole('button', { name: 'Add the first widget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add widget' });
    expect(within(dialog).getByRole('button', { name: 'Widget type' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Done' })).toBeTruthy();
  });
});
