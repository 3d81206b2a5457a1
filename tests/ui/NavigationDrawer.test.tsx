import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { operatorSession } from '../support/fixtures/fixtures';
import { renderApp, storeSession } from '../support/dom/renderApp';

/** A phone: every `max-width` query below 960 px matches. */
function narrowScreen() {
  window.matchMedia = (query: string) =>
    ({
      matches: /max-width/.test(query),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }) as unknown as MediaQueryList;
}

describe('navigation on a narrow screen', { timeout: 20_000 }, () => {
  beforeEach(narrowScreen);
  afterEach(() => Reflect.deleteProperty(window, 'matchMedia'));

  it('keeps the sidebar in a drawer the menu button opens, Escape closes, and focus returns to the button', async () => {
    const user = userEvent.setup();
    storeSession(operatorSession);
    renderApp('/');
    const menu = await screen.findByRole('button', { name: 'Open navigation' });
    expect(screen.queryByRole('tree', { name: 'Devices' })).toBeNull();
    // Where the user is stays readable, and the bell and account menu stay in reach.
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toContain('Home');
    expect(screen.getByRole('button', { name: /^Account menu/ })).toBeTruthy();

    await user.click(menu);
    const drawer = await screen.findByRole('dialog', { name: 'Dashboards and devices' });
    expect(within(drawer).getByRole('tree', { name: 'Devices' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(menu);
  });

  it('closes the drawer when the user follows a link in it', async () => {
    const user = userEvent.setup();
    storeSession(operatorSession);
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Dashboards and devices' });
    await user.click(within(drawer).getByRole('button', { name: 'Expand 0A0B0C' }));
    await user.click(await within(drawer).findByRole('button', { name: 'Expand 1.0 Department 1' }));
    await user.click(await within(drawer).findByRole('link', { name: '2 Setpoints' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe('/0A0B0C/1/0/pages/2');
  });
});

describe('keyboard', () => {
  it('offers "Skip to content" as the first stop, which moves the focus past the sidebar to the page', async () => {
    const user = userEvent.setup();
    storeSession(operatorSession);
    renderApp('/');
    await screen.findByRole('tree', { name: 'Devices' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    await user.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  }, 20_000);
});
