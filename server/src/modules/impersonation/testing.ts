import { GRANT_AREAS, type GrantArea, type Session } from '#contracts';
import type { StoredAuthority } from '../../db/schema';
import type { TestBackend } from '../../testing/backends';
import { hostOf, tokenOf, useTestApp } from '../../testing/app';
import { insertUser, userIdOf } from '../../testing/users';

/** Every grant at WRITE except `without` (those are left out: DENY). */
export const grantsWithout = (...without: GrantArea[]): StoredAuthority[] =>
  GRANT_AREAS.filter((area) => !without.includes(area)).map((area) => ({
    authority: `GRANT_${area}`,
    type: 'WRITE',
  }));

/** Test-only: the app, the switch calls as a browser makes them, and users made to order. */
export function useImpersonationApp(backend: TestBackend) {
  const ctx = useTestApp(backend);
  const headers = (token: string | null, tenant: string) => ({
    host: hostOf(tenant),
    ...(token === null ? {} : { authorization: `Bearer ${token}` }),
  });
  const post = (url: string, token: string | null, payload?: unknown, tenant = 'demo') =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: headers(token, tenant),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  return {
    ctx,
    signIn: (username: string, password: string, tenant = 'demo') =>
      tokenOf(ctx.app, username, password, tenant),
    idOf: (username: string, tenant = 'demo') => userIdOf(ctx.handle.db, username, tenant),
    /** A user of demo with these grants, signed in with `password`. */
    addUser: (username: string, authorities: StoredAuthority[], password = 'Password123') =>
      insertUser(ctx.handle.db, { username, password, email: `${username}@demo.example`, authorities }),
    paginate: (token: string | null, body: unknown, tenant = 'demo') =>
      post('/api/v2/account/paginate', token, body, tenant),
    switchTo: (token: string | null, id: string, tenant = 'demo') =>
      post(`/api/v2/account/switch/${encodeURIComponent(id)}`, token, undefined, tenant),
    switchBack: (token: string | null, tenant = 'demo') =>
      post('/api/v2/account/switch-back', token, undefined, tenant),
    records: (token: string | null, query = '', tenant = 'demo') =>
      ctx.app.inject({ url: `/api/v2/account/switch-records${query}`, headers: headers(token, tenant) }),
    /** Whether a bearer token still opens a session. */
    async works(token: string, tenant = 'demo'): Promise<boolean> {
      const answer = await ctx.app.inject({
        url: '/api/v2/account/settings',
        headers: headers(token, tenant),
      });
      return answer.statusCode === 200;
    },
  };
}

export const sessionOf = (body: unknown) => body as Session;
