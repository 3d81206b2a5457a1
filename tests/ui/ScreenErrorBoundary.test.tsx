import '../support/fakes/resizeObserver';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as HomeScreenModule from '../../src/ui/screens/HomeScreen';
import { operatorSession } from '../support/fixtures/fixtures';
import { renderApp, storeSession } from '../support/dom/renderApp';

/** The home screen throws while `failing.home` is set, as a bug in a screen's view would. */
const failing = vi.hoisted(() => ({ home: true }));
vi.mock('../../src/ui/screens/HomeScreen', async (importActual) => {
  const actual = await importActual<typeof HomeScreenModule>();
  return {
    HomeScreen: () => {
      if (failing.home) throw new Error('Welcome text exploded');
      return actual.HomeScreen();
    },
  };
});

function renderSignedIn(path: string) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  storeSession(operatorSession);
  return renderApp(path);
}

const fallback = () => screen.findByRole('alert', {});

describe('screen error boundary', () => {
  afterEach(() => {
    failing.home = true;
  });

  it('shows what failed in place of the screen; sidebar, head bar and account menu keep working', async () => {
    const user = userEvent.setup();
    renderSignedIn('/');
    const alert = await fallback();
    expect(within(alert).getByRole('heading', { name: 'This screen could not be shown' })).toBeTruthy();
    expect(within(alert).getByText('Welcome text exploded')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(console.error).toHaveBeenCalled();

    // The sidebar still expands devices; the head bar still shows the breadcrumb and the account menu.
    const tree = screen.getByRole('tree', { name: 'Devices' });
    await user.click(within(tree).getByRole('button', { name: 'Expand 0A0B0C' }));
    expect(await within(tree).findByRole('treeitem', { name: '1.0 Department 1, online' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Home')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Account menu/ }));
    expect(await screen.findByRole('menuitem', { name: 'Switch to light theme' })).toBeTruthy();
    await user.keyboard('{Escape}');

    // Retry renders the screen again.
    failing.home = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, operator' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('starts over on another route', async () => {
    const user = userEvent.setup();
    renderSignedIn('/');
    await fallback();
    const tree = screen.getByRole('tree', { name: 'Devices' });
    await user.click(within(tree).getByRole('button', { name: 'Expand 0A0B0C' }));
    await user.click(await within(tree).findByRole('button', { name: 'Expand 1.0 Department 1' }));
    await user.click(await within(tree).findByRole('link', { name: '2 Setpoints' }));
    await waitFor(() => expect(window.location.pathname).toBe('/0A0B0C/1/0/pages/2'));
    await waitFor(() => expect(screen.queryByText('This screen could not be shown')).toBeNull());
  });
});
