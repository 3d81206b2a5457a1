import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLED_CODE } from '#contracts';
import { describeEachBackend } from '../../testing/backends';
import { demoTotpAt, hostOf, secondInstance, useTestApp } from '../../testing/app';
import { ADDRESS_LIMIT, ADDRESS_WINDOW_MS, addressKey, throttledUntil } from './throttle';

const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 15, 3, 0) + minutes * MINUTE);

describe('throttledUntil', () => {
  it('holds an address off from its thirtieth attempt in fifteen minutes until the oldest of them is out', () => {
    const attempts = Array.from({ length: ADDRESS_LIMIT }, (_, i) => at(i * 0.1));
    expect(throttledUntil(attempts.slice(1), at(3))).toBeNull();
    expect(throttledUntil(attempts, at(3))).toEqual(at(15));
    expect(throttledUntil(attempts, at(15))).toBeNull();
    // Older attempts than the window do not count.
    expect(throttledUntil([at(-20), ...attempts.slice(1)], at(3))).toBeNull();
  });
});

describe('addressKey', () => {
  // IPv4 as is, also IPv4-mapped, and IPv6 by its /64.
  it.each([
    ['192.0.2.7', '192.0.2.7'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['2001:db8:0:12:aaaa::1', '2001:db8:0:12::/64'],
    ['2001:0DB8:0000:0012:bbbb:cccc:dddd:eeee', '2001:db8:0:12::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('counts %s as %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});

type Answer = Awaited<ReturnType<FastifyInstance['inject']>>;

/** A sign-in as a browser at `address` sends it (the socket's peer; headers such as X-Forwarded-For on top). */
function loginFrom(
  app: FastifyInstance,
  address: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: address,
    headers: { host: hostOf('demo'), ...headers },
    payload: body,
  });
}

const tally = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>(
    (n, a) => ({ ...n, [a.statusCode]: (n[a.statusCode] ?? 0) + 1 }),
    {},
  );

/** Wrong passwords for `count` different made-up usernames, one after another. */
async function spray(app: FastifyInstance, address: string, count: number, headers?: Record<string, string>) {
  const answers: Answer[] = [];
  for (let i = 0; i < count; i++)
    answers.push(
      await loginFrom(app, address, { username: `sprayed-${i}`, password: 'Summer2026' }, headers),
    );
  return answers;
}

describeEachBackend('sign-in throttled per client address', (backend) => {
  const ctx = useTestApp(backend);

  it('checks at most thirty passwords of three hundred usernames sprayed at once, then answers 429 with Retry-After', async () => {
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        loginFrom(ctx.app, '192.0.2.1', { username: `user-${i}`, password: 'Summer2026' }),
      ),
    );
    const counts = tally(answers);
    expect(counts[401]).toBe(ADDRESS_LIMIT);
    expect(counts[429]).toBe(300 - ADDRESS_LIMIT);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ code: THROTTLED_CODE, error: 'Too Many Requests' });
    expect(refused.json().message).toBe('Too many attempts from your network. Try again in 15 minutes.');
    expect(refused.headers['retry-after']).toBe(String(ADDRESS_WINDOW_MS / 1000));

    // The right password from that address is held off too (else spraying would still find it), others are not.
    const admin = { username: 'admin', password: 'Admin123' };
    expect((await loginFrom(ctx.app, '192.0.2.1', admin)).statusCode).toBe(429);
    expect((await loginFrom(ctx.app, '192.0.2.2', admin)).statusCode).toBe(200);

    ctx.clock.advance(10 * MINUTE);
    const later = await loginFrom(ctx.app, '192.0.2.1', admin);
    expect(later.statusCode).toBe(429);
    expect(later.headers['retry-after']).toBe(String(5 * 60));
    expect(later.json().message).toContain('Try again in 5 minutes');
    ctx.clock.advance(5 * MINUTE);
    expect((await loginFrom(ctx.app, '192.0.2.1', admin)).statusCode).toBe(200);
  });

  it('lets the people of a shared store address sign in at a human pace, typos included, all day', async () => {
    const staff = [
      ['admin', 'Admin123'],
      ['operator', 'Operator123'],
    ] as const;
    const statuses: number[] = [];
    // Two hours of a busy store: a sign-in every two minutes, every third one mistyped first.
    for (let i = 0; i < 60; i++) {
      ctx.clock.advance(2 * MINUTE);
      const [username, password] = staff[i % staff.length]!;
      if (i % 3 === 0) {
        const typo = await loginFrom(ctx.app, '192.0.2.20', { username, password: `${password}x` });
        expect(typo.statusCode).toBe(401);
      }
      statuses.push((await loginFrom(ctx.app, '192.0.2.20', { username, password })).statusCode);
    }
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it('counts wrong two-factor codes against the address too', async () => {
    while ((await demoTotpAt(ctx.clock)) === '000000') ctx.clock.advance(30_000);
    const code = { username: 'secure', password: 'Secure123', type: 'DOMAIN_MFA', mfaCode: '000000' };
    const wrongCodes = [];
    for (let i = 0; i < 4; i++) wrongCodes.push((await loginFrom(ctx.app, '192.0.2.30', code)).statusCode);
    expect(wrongCodes).toEqual([401, 401, 401, 401]);
    const sprayed = await spray(ctx.app, '192.0.2.30', ADDRESS_LIMIT - 4 + 1);
    expect(sprayed.map((a) => a.statusCode).at(-2)).toBe(401);
    expect(sprayed.at(-1)!.statusCode).toBe(429);
  });

  it('does not count asking for the code, nor a sign-in that succeeds', async () => {
    for (let i = 0; i < ADDRESS_LIMIT + 5; i++) {
      const step = await loginFrom(ctx.app, '192.0.2.40', { username: 'secure', password: 'Secure123' });
      expect(step.statusCode).toBe(202);
    }
    for (let i = 0; i < 3; i++) {
      const signedIn = await loginFrom(ctx.app, '192.0.2.40', {
        username: 'operator',
        password: 'Operator123',
      });
      expect(signedIn.statusCode).toBe(200);
    }
    const sprayed = await spray(ctx.app, '192.0.2.40', ADDRESS_LIMIT);
    expect(new Set(sprayed.map((a) => a.statusCode))).toEqual(new Set([401]));
  });

  describe('across instances', () => {
    let second: FastifyInstance;
    beforeAll(async () => {
      second = await secondInstance(ctx);
    });
    afterAll(() => second?.close());

    it('adds up the attempts one address makes on every instance', async () => {
      const first = await spray(ctx.app, '192.0.2.50', ADDRESS_LIMIT / 2);
      const other = await spray(second, '192.0.2.50', ADDRESS_LIMIT / 2);
      expect(new Set([...first, ...other].map((a) => a.statusCode))).toEqual(new Set([401]));
      const admin = { username: 'admin', password: 'Admin123' };
      expect((await loginFrom(ctx.app, '192.0.2.50', admin)).statusCode).toBe(429);
      expect((await loginFrom(second, '192.0.2.50', admin)).statusCode).toBe(429);
    });
  });

  describe('behind a proxy', () => {
    let proxied: FastifyInstance;
    beforeAll(async () => {
      proxied = await secondInstance(ctx, {
        config: { defaultTenant: 'demo', logLevel: 'silent', trustProxy: '127.0.0.1' },
      });
    });
    afterAll(() => proxied?.close());
    const via = (client: string) => ({ 'x-forwarded-for': client });

    it('counts the client the trusted proxy names, not the proxy', async () => {
      const sprayed = await spray(proxied, '127.0.0.1', ADDRESS_LIMIT + 1, via('203.0.113.9'));
      expect(sprayed.at(-1)!.statusCode).toBe(429);
      const admin = { username: 'admin', password: 'Admin123' };
      expect((await loginFrom(proxied, '127.0.0.1', admin, via('203.0.113.10'))).statusCode).toBe(200);
    });

    it('ignores X-Forwarded-For from a client that is no trusted proxy', async () => {
      const answers = [];
      for (let i = 0; i <= ADDRESS_LIMIT; i++) {
        const body = { username: `forged-${i}`, password: 'Summer2026' };
        answers.push(await loginFrom(ctx.app, '192.0.2.60', body, via(`203.0.113.${100 + i}`)));
      }
      expect(answers.at(-2)!.statusCode).toBe(401);
      expect(answers.at(-1)!.statusCode).toBe(429);
    });
  });
});
