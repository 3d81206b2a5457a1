import '../support/fakes/resizeObserver';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Session } from '#contracts';
import { operatorSession } from '../support/fixtures/fixtures';
import { renderApp, storeSession } from '../support/dom/renderApp';
import { adminSession, operatorAsAdmin } from '../support/fixtures/switchSessions';

/** The account menu's button and entries for a stored session. */
async function menuOf(session: Session) {
  storeSession(session);
  renderApp('/');
  const button = await screen.findByRole('button', { name: /^Account menu/ });
  await userEvent.setup().click(button);
  await screen.findByRole('menuitem', { name: 'Logout' });
  return {
    shown: button.textContent,
    entries: screen.getAllByRole('menuitem').map((item) => item.textContent),
  };
}

describe('the account menu’s switch entries (SPEC §6)', { timeout: 20_000 }, () => {
  it('offers Switch account to SYSTEM at WRITE, not Switch back', async () => {
    const { shown, entries } = await menuOf(adminSession);
    expect(shown).toBe('Aadmin');
    expect(entries).toContain('Switch account');
    expect(entries).not.toContain('Switch back');
  });

  it('offers neither to a user without SYSTEM at WRITE', async () => {
    const { entries } = await menuOf(operatorSession);
    expect(entries).not.toContain('Switch account');
    expect(entries).not.toContain('Switch back');
  });

  it('says who acts as whom while switched, and offers only Switch back', async () => {
    const admin = adminSession.token.authorities;
    const { shown, entries } = await menuOf({
      ...operatorAsAdmin,
      token: { ...operatorAsAdmin.token, authorities: admin },
    });
    expect(shown).toBe('Ooperator (as admin)');
    expect(entries).toContain('Switch back');
    expect(entries).not.toContain('Switch account');
  });
});
