import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { operatorSession } from '../support/fixtures/fixtures';
import { renderApp, storeSession } from '../support/dom/renderApp';
import { server } from './setup';
import { accountSettingsHandler } from '../support/servers/apiHandlers';

const ADDRESS = 'ops@store101.example';

async function openFeatureRequest() {
  storeSession(operatorSession);
  server.use(accountSettingsHandler({ email: ADDRESS }));
  renderApp('/');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
  const entries = screen.getAllByRole('menuitem').map((item) => item.textContent);
  // SPEC §2's help group, in its order: the guide, then the two support dialogs.
  expect(entries.slice(entries.indexOf('Help'), entries.indexOf('Help') + 3)).toEqual([
    'Help',
    'Request a feature',
    'Report a bug',
  ]);
  await user.click(screen.getByRole('menuitem', { name: 'Request a feature' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Request a feature' }));
  return { user, dialog };
}

describe('feature request dialog', () => {
  it("starts from the account's e-mail with a copy asked for, and checks the fields before sending", async () => {
    const { user, dialog } = await openFeatureRequest();
    const email = dialog.getByLabelText<HTMLInputElement>('E-mail (optional)');
    const copy = dialog.getByRole<HTMLInputElement>('checkbox', { name: 'Send me a copy' });
    expect(email.value).toBe(ADDRESS);
    expect(copy.checked && !copy.disabled).toBe(true);

    await user.clear(email);
    await user.type(email, 'ops@');
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(dialog.getByText('Title is required')).toBeTruthy();
    expect(dialog.getByText('Description is required')).toBeTruthy();
    expect(dialog.getByText('Email is invalid')).toBeTruthy();
    expect(dialog.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');

    // Without an e-mail there is nowhere to send a copy: the box is off and disabled, and says why.
    await user.clear(email);
    expect(copy.checked).toBe(false);
    expect(copy.disabled).toBe(true);
    expect(dialog.getByText('Give an e-mail address to receive a copy.')).toBeTruthy();
    expect(dialog.queryByText('Email is invalid')).toBeNull();
  });
});
