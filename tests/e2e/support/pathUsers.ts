import { expect } from 'vitest';
import type { Session, UserSummary } from '#contracts';
import { apiRequest } from './api';
import { linkMailedTo } from './outbox';
import { apiCall, apiSession } from './pathSession';

/**
 * Users of a path's own, so a path may spend their links, fail their codes or lock them without touching the
 * accounts other tests sign in with. The demo administrator creates them through the API, as the Users dialog
 * does, and the server mails each a setup link.
 */
let made = 0;
let admin: Promise<Session> | undefined;

/** The demo administrator, signed in once a file through the API. */
export const pathAdmin = (): Promise<Session> => (admin ??= apiSession('demo', 'admin', 'Admin123'));

/** A new operator of the demo tenant with an e-mail address; the token of the setup link they were mailed. */
export async function newPathUser(): Promise<{ id: string; username: string; email: string; token: string }> {
  const username = `path-user-${++made}-${Date.now().toString(36)}`;
  const email = `${username}@demo.example`;
  const answer = await apiCall<UserSummary>('demo', await pathAdmin(), 'POST', '/api/v2/admin/users', {
    username,
    email,
    role: 'operator',
  });
  if (answer.status >= 300) throw new Error(`creating ${username}: ${answer.status}`);
  const link = await linkMailedTo(email);
  return {
    id: answer.body.id,
    username,
    email,
    token: new URL(link, 'http://localhost').searchParams.get('token')!,
  };
}

/** Sets a password with a setup (or recovery) link through the API, as the user in another tab would. */
export async function spendLink(token: string, password: string): Promise<void> {
  const answer = await apiRequest('demo', `/api/v2/account/recover-password?token=${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  expect(answer.status, 'the link sets the password').toBe(204);
}

/** A new operator who has set `password`, signed in through the API. */
export async function signedInPathUser(
  password: string,
): Promise<{ username: string; email: string; session: Session }> {
  const { username, email, token } = await newPathUser();
  await spendLink(token, password);
  return { username, email, session: await apiSession('demo', username, password) };
}
