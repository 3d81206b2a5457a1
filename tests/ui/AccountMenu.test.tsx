import '../support/fakes/resizeObserver';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Session } from '#contracts';
import { operatorSession } from '../support/fixtures/fixtures';
import { renderApp, storeSession } from '../support/dom/renderApp';
import { adminSession } from '../support/fixtures/switchSessions';
import { dashboardsList } from '../support/fixtures/dashboardFixtures';
import { server } from './setup';

/** The account menu opened for a stored session: each section by its heading, with its entries. */
async function sectionsOf(session: Session) {
  storeSession(session);
  renderApp('/');
  const button = await screen.findByRole('button', { name: /^Account menu/ });
  await userEvent.setup().click(button);
  const menu = await screen.findByRole('menu');
  await within(menu).findByRole('menuitem', { name: 'Logout' });
  const sections = within(menu)
    .getAllByRole('group')
    .map((group) => [
      group.getAttribute('aria-labelledby') &&
        document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent,
      within(group)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ]);
  return { menu, sections };
}

describe('the account menu', { timeout: 20_000 }, () => {
  it('groups its entries under headings: dashboards, settings, help, administration; logout apart', async () => {
    const { menu, sections } = await sectionsOf(adminSession);
    expect(sections).toEqual([
      [
        'Dashboards',
        [
          'Stores',
          'Food-safety reports',
          'Create dashboard',
          'Upload dashboard',
          'Dashboard sorting settings',
          'Dashboard groups',
        ],
      ],
      [
        'Settings',
        ['Personal settings', 'Device configuration', 'Theme settings', expect.stringMatching(/^Switch to/)],
      ],
      ['Help', ['Help', 'Request a feature', 'Report a bug']],
      ['Administration', ['Users', 'Alarm health', 'Alarm escalation', 'Audit trail', 'Switch account']],
    ]);
    const logout = within(menu).getByRole('menuitem', { name: 'Logout' });
    expect(logout.closest('[role="group"]')).toBeNull();
    expect(within(menu).getByRole('separator')).toBeTruthy();
  });

  it('leaves out the administration section for a user who administers nothing', async () => {
    const { sections } = await sectionsOf(operatorSession);
    expect(sections.map(([heading]) => heading)).toEqual(['Dashboards', 'Settings', 'Help']);
  });

  it('offers the dashboard actions disabled until the dashboards have loaded, then takes them', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('*/api/v2/dashboards/', async () => {
        await answered;
        return HttpResponse.json(dashboardsList);
      }),
    );
    const { menu } = await sectionsOf(operatorSession);
    const upload = within(menu).getByRole('menuitem', { name: 'Upload dashboard' });
    expect(upload.getAttribute('aria-disabled')).toBe('true');
    expect(within(menu).getByRole('menuitem', { name: 'Help' }).getAttribute('aria-disabled')).toBeNull();
    answer();
    await waitFor(() => expect(upload.getAttribute('aria-disabled')).toBeNull());
    await userEvent.setup().click(upload);
    expect(await screen.findByRole('dialog', { name: 'Upload dashboard' })).toBeTruthy();
  });
});
