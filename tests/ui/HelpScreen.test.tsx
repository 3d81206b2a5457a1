import '../support/fakes/resizeObserver';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import GUIDE from '../../docs/user-guide.md?raw';
import { operatorSession } from '../support/fixtures/fixtures';
import { renderApp, storeSession } from '../support/dom/renderApp';
import { server } from './setup';
import { accountSettingsHandler } from '../support/servers/apiHandlers';

/** The guide's sections, as its author wrote them. */
const SECTIONS = [...GUIDE.matchAll(/^## (.+)$/gm)].map((match) => match[1]!);

const signIn = () => storeSession(operatorSession);

describe('help: the user guide', () => {
  it("opens from the account menu's Help entry, with the guide's title and every section heading", async () => {
    signIn();
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Help' }));
    const title = await screen.findByRole('heading', { level: 1, name: 'Coldwatch user guide' });
    const guide = within(title.closest('article')!);
    expect(window.location.pathname).toBe('/help');
    expect(SECTIONS.length).toBeGreaterThan(10);
    expect(guide.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(
      SECTIONS,
    );
    expect(guide.getByRole('heading', { level: 2, name: 'Two-factor authentication' })).toBeTruthy();
    // The head bar's breadcrumb names the page.
    expect(screen.getByRole('navigation', { name: /breadcrumb/i }).textContent).toContain('Help');
    // Written in English: no note for an English reader.
    expect(screen.queryByText('The user guide is written in English.')).toBeNull();
  });

  it('tells a reader of another language that the guide is in English, in their language', async () => {
    signIn();
    server.use(accountSettingsHandler({ language: { code: 'FR', label: 'Français' } }));
    renderApp('/help');
    expect(await screen.findByText('Le guide de l’utilisateur est rédigé en anglais.', {}));
    const guide = screen.getByRole('heading', { level: 1, name: 'Coldwatch user guide' }).closest('article');
    expect(guide?.getAttribute('lang')).toBe('en');
  });

  it('is for signed-in users: signed out, /help leads to the sign-in screen', async () => {
    renderApp('/help');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(screen.queryByRole('heading', { name: 'Coldwatch user guide' })).toBeNull();
  });
});
