import type { Page } from 'playwright-core';
import type { Session } from '#contracts';
import { STORAGE_KEYS } from '../../../src/services/storage';
import { apiRequest } from './api';

/**
 * A signed-in start for paths that are not about signing in: the session comes from POST /api/login and is put
 * where the SPA keeps it, so each path opens the app already signed in, as after a reload.
 */
export async function apiSession(tenant: string, username: string, password: string): Promise<Session> {
  const answer = await apiRequest(tenant, '/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, domain: tenant, rememberMe: false, type: 'DOMAIN' }),
  });
  if (answer.status !== 200)
    throw new Error(`sign-in of ${username} failed: ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body) as Session;
}

/** The bearer token of `username` in `tenant`, for calls that state no session of their own. */
export const apiToken = async (tenant: string, username: string, password: string): Promise<string> =>
  (await apiSession(tenant, username, password)).token.id;

export async function openSignedIn(page: Page, session: Session): Promise<void> {
  await page.addInitScript(
    ({ keys, session }) => {
      localStorage.setItem(keys.session, JSON.stringify(session));
      localStorage.setItem(keys.apiToken, session.token.id);
    },
    { keys: STORAGE_KEYS, session },
  );
}

/** A JSON call to the API as `session`; the parsed answer, or throws with the status. */
export async function apiCall<T>(
  tenant: string,
  session: Session,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const answer = await apiRequest(tenant, path, {
    method,
    headers: {
      authorization: `Bearer ${session.token.id}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, body: (answer.body ? JSON.parse(answer.body) : null) as T };
}
