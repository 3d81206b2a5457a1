import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/services/storage';
import { LOCKED_TEXT, SECURE_CODE } from '../support/servers/apiHandlers';
import { renderApp } from '../support/dom/renderApp';

async function signIn(username: string, password: string) {
  const user = userEvent.setup();
  renderApp('/login');
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('login screen', () => {
  it('signs in and lands on the home screen', async () => {
    await signIn('operator', 'Operator123');
    expect(await screen.findByRole('heading', { name: 'Welcome, operator' })).toBeTruthy();
    expect(window.location.pathname).toBe('/');
    expect(window.localStorage.getItem(STORAGE_KEYS.apiToken)).toBe('token-operator');
    expect(screen.getByRole('button', { name: /^Account menu/ })).toBeTruthy();
  });

  it('says when fields are missing', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
  });

  it('shows invalid credentials for a wrong password', async () => {
    await signIn('operator', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid credentials');
  });

  it('says an account is disabled when its password was right', async () => {
    await signIn('disabled', 'Disabled123');
    expect((await screen.findByRole('alert')).textContent).toBe('This account is disabled');
    expect(window.location.pathname).toBe('/login');
  });

  it('shows the lockout message of the server as is', async () => {
    await signIn('locked', 'whatever');
    expect((await screen.findByRole('alert')).textContent).toBe(LOCKED_TEXT);
  });

  it('toggles the password visibility', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    const password = await screen.findByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeTruthy();
  });

  it('asks for the security code and signs in with it', async () => {
    const user = await signIn('secure', 'Secure123');
    const code = await screen.findByLabelText('Security code');
    await user.type(code, '999999');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('status')).textContent).toContain('Invalid MFA code');
    await user.clear(code);
    await user.type(code, SECURE_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, secure' })).toBeTruthy();
  });
});
