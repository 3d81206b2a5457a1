import { describe, expect, it } from 'vitest';
import { LOCKED_MESSAGE_HEADER } from '#contracts';
import { describeEachBackend } from '../../testing/backends';
import { login, demoTotpAt, useTestApp } from '../../testing/app';
import { lockedMessage, lockedUntil } from './lockout';

const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 15, 3, 0) + minutes * MINUTE);

describe('lockedUntil', () => {
  it('locks for 15 minutes after the fifth failure within 15 minutes', () => {
    const failures = [0, 1, 2, 3, 4].map(at);
    expect(lockedUntil(failures.slice(0, 4), at(5))).toBeNull();
    expect(lockedUntil(failures, at(5))).toEqual(at(19));
    expect(lockedUntil(failures, at(19))).toBeNull();
  });

  it('does not lock for five failures spread over more than 15 minutes', () => {
    expect(lockedUntil([0, 4, 8, 12, 16].map(at), at(17))).toBeNull();
  });

  it('says when to retry, in minutes and UTC clock time', () => {
    expect(lockedMessage(at(15), at(0))).toBe(
      'Too many failed sign-in attempts. Try again in 15 minutes (after 03:15 UTC).',
    );
    expect(lockedMessage(at(1), at(0.5))).toContain('Try again in 1 minute (after 03:01 UTC)');
  });
});

describeEachBackend('lockout', (backend) => {
  const ctx = useTestApp(backend);

  it('locks a user after five failures, refuses even the right password, and lets in after 15 minutes', async () => {
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await login(ctx.app, { username: 'admin', password: 'nope' })).statusCode).toBe(401);
    }
    const fifth = await login(ctx.app, { username: 'admin', password: 'nope' });
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    expect(fifth.headers[LOCKED_MESSAGE_HEADER.toLowerCase()]).toBe(
      'Too many failed sign-in attempts. Try again in 15 minutes (after 03:25 UTC).',
    );

    ctx.clock.advance(14 * MINUTE);
    const stillLocked = await login(ctx.app, { username: 'ADMIN', password: 'Admin123' });
    expect(stillLocked.statusCode).toBe(423);
    expect(stillLocked.headers['locked-message']).toContain('Try again in 1 minute (after 03:25 UTC)');
    // Other users and the same name in another tenant are not affected.
    expect((await login(ctx.app, { username: 'operator', password: 'Operator123' })).statusCode).toBe(200);
    expect((await login(ctx.app, { username: 'admin', password: 'Admin123' }, 'acme')).statusCode).toBe(200);

    ctx.clock.advance(MINUTE);
    expect((await login(ctx.app, { username: 'admin', password: 'Admin123' })).statusCode).toBe(200);
  });

  it('counts wrong security codes as failures', async () => {
    const attempt = () =>
      login(ctx.app, { username: 'secure', password: 'Secure123', type: 'DOMAIN_MFA', mfaCode: '000000' });
    // 000000 could be the real code at this instant; move to a time when it is not.
    while ((await demoTotpAt(ctx.clock)) === '000000') ctx.clock.advance(30_000);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt()).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
  });
});

describeEachBackend('lockout under concurrent attempts', (backend) => {
  const ctx = useTestApp(backend);
  const tally = (statuses: number[]) =>
    statuses.reduce<Record<number, number>>((counts, s) => ({ ...counts, [s]: (counts[s] ?? 0) + 1 }), {});

  it('checks at most five passwords of a burst of one hundred, the right one among them', async () => {
    const attempts = Array.from({ length: 100 }, (_, i) =>
      login(ctx.app, { username: 'operator', password: i === 60 ? 'Operator123' : `wrong-${i}` }),
    );
    const counts = tally((await Promise.all(attempts)).map((r) => r.statusCode));
    // Every answer other than 423 is a password that was checked: no more than the five a series allows.
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(5);
    expect(counts[423]).toBeGreaterThanOrEqual(95);
  });

  it('checks at most five security codes of a burst of three hundred, the right one late among them', async () => {
    while ((await demoTotpAt(ctx.clock)) === '123456') ctx.clock.advance(30_000);
    const right = await demoTotpAt(ctx.clock);
    const attempts = Array.from({ length: 300 }, (_, i) =>
      login(ctx.app, {
        username: 'secure',
        password: 'Secure123',
        type: 'DOMAIN_MFA',
        mfaCode: i === 150 ? right : '123456',
      }),
    );
    const counts = tally((await Promise.all(attempts)).map((r) => r.statusCode));
    expect(counts[200] ?? 0).toBe(0);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(4);
    expect(counts[423]).toBeGreaterThanOrEqual(296);
  });

  it('does not count asking for the security code as a failure', async () => {
    for (let i = 0; i < 10; i++) {
      const step = await login(ctx.app, { username: 'secure', password: 'Secure123' }, 'acme');
      expect(step.statusCode).toBe(202);
    }
  });
});
