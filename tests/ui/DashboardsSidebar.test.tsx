import '../support/fakes/resizeObserver';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dashboardsList, emptyDashboardsList } from '../support/fixtures/dashboardFixtures';
import { dashboardHandlers } from '../support/servers/dashboardHandlers';
import { operatorSession } from '../support/fixtures/fixtures';
import { renderApp, storeSession } from '../support/dom/renderApp';
import { server } from './setup';

function renderSignedIn(path: string, list = dashboardsList) {
  const api = dashboardHandlers(list);
  server.use(...api.handlers);
  storeSession(operatorSession);
  renderApp(path);
  return api;
}

// The first render loads the signed-in chunk, which takes a while under jsdom.
const dashboardsRegion = () => screen.findByRole('region', { name: 'Dashboards' });

describe('sidebar dashboards list', () => {
  it('lists the dashboards grouped above the devices, opens a group and a dashboard', async () => {
    const user = userEvent.setup();
    renderSignedIn('/dashboard/d-overview');
    const region = await dashboardsRegion();
    const overview = await within(region).findByRole('link', { name: 'Overview' });
    expect(overview.getAttribute('href')).toBe('/dashboard/d-overview');
    expect(overview.getAttribute('aria-current')).toBe('page');
    expect(within(region).getByRole('img', { name: 'Favorite' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeTruthy();
    // The dashboards come before the device tree.
    const tree = await screen.findByRole('tree', { name: 'Devices' });
    expect(region.compareDocumentPosition(tree) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    expect(within(region).queryByRole('link', { name: 'Freezers' })).toBeNull();
    await user.click(within(region).getByRole('button', { name: 'Expand group Cold rooms' }));
    await user.click(within(region).getByRole('link', { name: 'Freezers' }));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard/d-freezers'));
    expect(await screen.findByRole('heading', { name: 'Freezers' })).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Collapse group Cold rooms' })).toBeTruthy();
  });

  it('redirects home to the favorite dashboard', async () => {
    renderSignedIn('/');
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard/d-overview'));
  });

  it('sends a missing dashboard to the 404 page with its message', async () => {
    renderSignedIn('/dashboard/d-gone');
    await screen.findByText('The page you were looking for does not exist');
    expect(await screen.findByText('Dashboard is not found')).toBeTruthy();
  });

  it('creates the first dashboard from home, requiring a title; it becomes the favorite', async () => {
    const user = userEvent.setup();
    const api = renderSignedIn('/', emptyDashboardsList);
    await screen.findByRole('heading', { name: /operator/ });
    const region = await dashboardsRegion();
    await within(region).findByText('No dashboards yet');
    await user.click(within(region).getByRole('button', { name: 'Create dashboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create dashboard' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Title'), 'Cellar');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const link = await within(region).findByRole('link', { name: 'Cellar' });
    await waitFor(() => expect(window.location.pathname).toBe(link.getAttribute('href')));
    expect(api.state().dashboards).toEqual([expect.objectContaining({ name: 'Cellar', favorite: true })]);
    expect(within(region).getByRole('img', { name: 'Favorite' })).toBeTruthy();
  });

  it('renames, sets the favorite and deletes from the dashboard menu', async () => {
    const user = userEvent.setup();
    const api = renderSignedIn('/dashboard/d-overview');
    const region = await dashboardsRegion();
    await within(region).findByRole('link', { name: 'Overview' });
    await user.click(within(region).getByRole('button', { name: 'Dashboard actions for Overview' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename dashboard' });
    const title = within(dialog).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Front{Enter}');
    await within(region).findByRole('link', { name: 'Front' });

    await user.click(within(region).getByRole('button', { name: 'Expand group Cold rooms' }));
    await user.click(within(region).getByRole('button', { name: 'Dashboard actions for Chillers' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Set as favorite' }));
    await waitFor(() => expect(api.state().dashboards.find((d) => d.favorite)?.id).toBe('d-chillers'));

    // Deleting asks first: cancelled, nothing is deleted; confirmed, it goes.
    const remove = async () => {
      await user.click(within(region).getByRole('button', { name: 'Dashboard actions for Front' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
      return screen.findByRole('dialog', { name: 'Delete dashboard' });
    };
    const asked = await remove();
    expect(within(asked).getByText('Delete dashboard Front?')).toBeTruthy();
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.state().dashboards.map((d) => d.name)).toContain('Front');
    await user.click(within(await remove()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(region).queryByRole('link', { name: 'Front' })).toBeNull());
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard/d-chillers'));
  });

  it('reorders in CUSTOM mode by drag and drop or the Move menu entries, saving the orders', async () => {
    const user = userEvent.setup();
    const api = renderSignedIn('/dashboard/d-overview');
    const region = await dashboardsRegion();
    const overview = await within(region).findByRole('link', { name: 'Overview' });
    const topNames = () =>
      within(region)
        .getAllByRole('listitem')
        .filter((item) => item.parentElement?.getAttribute('aria-labelledby') === 'sidebar-dashboards')
        .map((item) => item.textContent);
    expect(topNames()).toEqual([expect.stringContaining('Cold rooms'), expect.stringContaining('Overview')]);
    const group = within(region).getByRole('button', { name: 'Expand group Cold rooms' }).closest('li')!;
    fireEvent.dragStart(overview.closest('li')!);
    fireEvent.dragOver(group);
    fireEvent.drop(group);
    await waitFor(() => expect(api.state().dashboards.find((d) => d.id === 'd-overview')?.order).toBe(0));
    expect(api.state().groups[0]!.order).toBe(1);
    expect(topNames()).toEqual([expect.stringContaining('Overview'), expect.stringContaining('Cold rooms')]);

    await user.click(within(region).getByRole('button', { name: 'Group actions for Cold rooms' }));
    expect(
      (await screen.findByRole('menuitem', { name: 'Move Cold rooms down' })).getAttribute('aria-disabled'),
    ).toBe('true');
    await user.click(screen.getByRole('menuitem', { name: 'Move Cold rooms up' }));
    await waitFor(() => expect(api.state().groups[0]!.order).toBe(0));
    await waitFor(() =>
      expect(topNames()).toEqual([
        expect.stringContaining('Cold rooms'),
        expect.stringContaining('Overview'),
      ]),
    );
  });

  it('offers no reordering in NAME mode', async () => {
    const user = userEvent.setup();
    renderSignedIn('/dashboard/d-overview', {
      ...dashboardsList,
      settings: { sortMode: 'NAME', sortDirection: 'ASC' },
    });
    const region = await dashboardsRegion();
    const overview = await within(region).findByRole('link', { name: 'Overview' });
    expect(overview.closest('li')!.getAttribute('draggable')).toBeNull();
    await user.click(within(region).getByRole('button', { name: 'Dashboard actions for Overview' }));
    await screen.findByRole('menuitem', { name: 'Rename' });
    expect(screen.queryByRole('menuitem', { name: /Move/ })).toBeNull();
  });

  it('downloads the selected dashboard as a JSON file named after it from the account menu', async () => {
    const user = userEvent.setup();
    const saved: { name: string; blob: Blob }[] = [];
    // jsdom has no object URLs: the anchor's download is recorded with the blob it points at.
    const blobs = new Map<string, Blob>();
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (blob: Blob) => {
      blobs.set(`blob:${blobs.size}`, blob);
      return `blob:${blobs.size - 1}`;
    };
    URL.revokeObjectURL = () => {};
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, blob: blobs.get(this.href)! });
    });
    renderSignedIn('/dashboard/d-overview');
    await dashboardsRegion();
    await screen.findByRole('link', { name: 'Overview' });
    await user.click(screen.getByRole('button', { name: /^Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Download dashboard' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('Overview.json');
    expect(JSON.parse(await saved[0]!.blob.text())).toMatchObject({ id: 'd-overview', name: 'Overview' });
    click.mockRestore();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it('offers "Download dashboard" only where a dashboard is open', async () => {
    const user = userEvent.setup();
    renderSignedIn('/0A0B0C/1/0/pages/2');
    await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
    await screen.findByRole('menuitem', { name: 'Upload dashboard' });
    expect(screen.queryByRole('menuitem', { name: 'Download dashboard' })).toBeNull();
  }, 15_000);
});
