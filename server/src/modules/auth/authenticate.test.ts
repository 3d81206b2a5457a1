import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Authority } from '#contracts';
import { AppError } from '../../errors';
import { bearerToken, requireGrant } from './authenticate';
import type { AuthSession } from './service';

const requestWith = (parts: { authorization?: string; query?: object; authorities?: Authority[] }) =>
  ({
    headers: parts.authorization ? { authorization: parts.authorization } : {},
    query: parts.query ?? {},
    session: parts.authorities ? ({ authorities: parts.authorities } as AuthSession) : null,
  }) as unknown as FastifyRequest;

describe('bearerToken', () => {
  it('reads the header, then the Authorization query parameter', () => {
    expect(bearerToken(requestWith({ authorization: 'Bearer abc' }))).toBe('abc');
    expect(bearerToken(requestWith({ query: { Authorization: 'Bearer q1' } }))).toBe('q1');
    expect(bearerToken(requestWith({ query: { Authorization: 'q2' } }))).toBe('q2');
    expect(bearerToken(requestWith({ authorization: 'Bearer ' }))).toBeNull();
    expect(bearerToken(requestWith({}))).toBeNull();
  });
});

describe('requireGrant', () => {
  const check = (authorities: Authority[] | undefined) =>
    requireGrant('SYSTEM', 'WRITE')(requestWith({ authorities }));
  const system = (type: Authority['type']): Authority[] => [
    { authority: 'GRANT_SYSTEM', type, domain: 'demo' },
  ];

  it('lets a session with the grant at the level or above through', async () => {
    await expect(check(system('WRITE'))).resolves.toBeUndefined();
  });

  it('answers 403 to a lower level, a missing grant or no session', async () => {
    for (const authorities of [system('READ'), system('DENY'), [], undefined]) {
      await expect(check(authorities)).rejects.toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
      await expect(check(authorities)).rejects.toBeInstanceOf(AppError);
    }
  });
});
