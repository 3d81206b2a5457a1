import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { DEMO_TOTP_SECRET } from '../../../server/src/seed/users';
import { totpAt } from '../../../server/src/modules/auth/totp';
import { loginMachine } from '../../../src/machines/login/loginMachine';
import { STORAGE_KEYS } from '../../../src/services/storage';
import type { ModelOptions, Path } from '../../support/paths/coveringPaths';
import { modelEvents } from '../../support/paths/modelEvents';
import { apiRequest } from '../support/api';
import { tenantUrl } from '../support/browser';
import { describeServerPaths, holdRequests, recordToasts, toastsShown } from '../support/serverPaths';

/**
 * Sign-in on the acme host. Its `admin` only ever signs in right here; its `secure` (two-factor) is used by no
 * other end-to-end test, and the last path locks it for the rest of the run. Refusals and the credentials-step
 * lockout use a user name of the path's own that exists nowhere: the server counts failures per name, known or
 * not, so no shared account collects failures.
 */
const TENANT = 'acme';

type LoginSnapshot = SnapshotFrom<typeof loginMachine>;
type LoginModelEvent = Parameters<typeof loginMachine.transition>[1];

const events = modelEvents<typeof loginMachine>();
const SESSION = events.done('authenticate', { kind: 'session' });
const CODE_ASKED = events.done('authenticate', { kind: 'mfaRequired' });
const REFUSED = events.failed('authenticate', { kind: 'invalidCredentials' });
const LOCKED = events.failed('authenticate', { kind: 'locked' });

/** Model values: the unknown user of the path, and the code the authenticator app shows when it is typed. */
const UNKNOWN_USER = 'nobody';
const APP_CODE = '424242';
const WRONG_CODE = '000000';
const PASSWORDS: Record<string, string> = { admin: 'Admin123', secure: 'Secure123' };

const is = (event: LoginModelEvent, expected: LoginModelEvent) =>
  JSON.stringify(event) === JSON.stringify(expected);

/** The answers the real server gives to what the user typed; a lockout is one the test arranges first. */
function serverMayAnswer(s: LoginSnapshot, event: LoginModelEvent): boolean {
  const { username, code } = s.context;
  if (s.matches('authenticating')) {
    if (username === UNKNOWN_USER) return is(event, REFUSED) || is(event, LOCKED);
    if (username === 'secure') return is(event, CODE_ASKED);
    return is(event, SESSION);
  }
  if (s.matches('verifyingCode'))
    return code === APP_CODE ? is(event, SESSION) : is(event, REFUSED) || is(event, LOCKED);
  return false;
}

const model: ModelOptions<typeof loginMachine> = {
  input: { domain: TENANT },
  events: [
    { type: 'login.edit', field: 'username', value: 'admin' },
    { type: 'login.edit', field: 'username', value: 'secure' },
    { type: 'login.edit', field: 'username', value: UNKNOWN_USER },
    { type: 'login.edit', field: 'password', value: 'Admin123' },
    { type: 'login.edit', field: 'password', value: 'Secure123' },
    { type: 'login.edit', field: 'code', value: APP_CODE },
    { type: 'login.edit', field: 'code', value: WRONG_CODE },
    { type: 'login.submit' },
    { type: 'login.back' },
    SESSION,
    CODE_ASKED,
    REFUSED,
    LOCKED,
  ],
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      username: s.context.username,
      password: s.context.password,
      code: s.context.code,
    }),
  filterEvents: (s, e) => {
    if (e.type === 'login.edit')
      return (e.field === 'code') === (s.matches('editingCode') || s.matches('verifyingCode'));
    // A shared account is only sent its own password: a wrong one would count against it for the run.
    if (e.type === 'login.submit' && s.matches('editingCredentials')) {
      const { username, password } = s.context;
      return username === UNKNOWN_USER ? password !== '' : PASSWORDS[username] === password;
    }
    if (e.type.startsWith('xstate.')) return serverMayAnswer(s, e);
    return true;
  },
};

interface LoginWorld {
  /** This path's user name that exists nowhere. */
  nobody: string;
  /** The server was made to lock `nobody` out before the path began. */
  lockedAhead: boolean;
  typed: { username: string; password: string; code: string };
  step: 'credentials' | 'code' | 'home';
  login: Awaited<ReturnType<typeof holdRequests>>;
  /** The inline message SPEC §8 shows (invalid credentials, the lockout text), or none. */
  alert: RegExp | null;
  /** Every toast the user has been shown so far. */
  toasts: string[];
}

const LOCKED_TEXT =
  /^Too many failed sign-in attempts\. Try again in \d+ minutes? \(after \d\d:\d\d UTC\)\.$/;

/**
 * Fails sign-ins of `username` through the API until the server says it is locked. The five that lock it go at
 * once: a page's request may be held meanwhile, and its client gives up after 10 s (ky's timeout).
 */
async function lockOut(username: string) {
  const fail = () =>
    apiRequest(TENANT, '/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username,
        password: 'not-the-password',
        domain: TENANT,
        rememberMe: false,
        type: 'DOMAIN',
      }),
    });
  await Promise.all(Array.from({ length: 5 }, fail));
  for (let attempt = 0; attempt < 3; attempt++) if ((await fail()).status === 423) return;
  throw new Error(`${username} is not locked after 8 failures`);
}

/** The server only ever says "locked" to the path's unknown user: that is arranged before the page asks anything. */
function locksOutUnknownUserOnly(path: Path<typeof loginMachine>) {
  const answers = path.steps
    .filter((step) => step.state.context.username === UNKNOWN_USER)
    .map((s) => s.event);
  return answers.some((event) => is(event, LOCKED)) && !answers.some((event) => is(event, REFUSED));
}

async function start(page: Page, path: Path<typeof loginMachine>): Promise<LoginWorld> {
  await recordToasts(page);
  const nobody = `nobody-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const lockedAhead = locksOutUnknownUserOnly(path);
  if (lockedAhead) await lockOut(nobody);
  const world: LoginWorld = {
    nobody,
    lockedAhead,
    typed: { username: '', password: '', code: '' },
    step: 'credentials',
    login: await holdRequests(page, '**/api/login', 'POST'),
    alert: null,
    toasts: [],
  };
  await page.goto(tenantUrl(TENANT, '/login'));
  return world;
}

const LABELS = { username: 'Username', password: 'Password', code: 'Security code' } as const;
const field = (page: Page, name: keyof typeof LABELS) => page.getByLabel(LABELS[name], { exact: true });

async function play(page: Page, event: LoginModelEvent, world: LoginWorld) {
  switch (event.type) {
    case 'login.edit': {
      const value =
        event.value === UNKNOWN_USER
          ? world.nobody
          : event.value === APP_CODE
            ? await totpAt(DEMO_TOTP_SECRET, new Date())
            : event.value;
      await field(page, event.field).fill(value);
      world.typed[event.field] = value;
      return;
    }
    case 'login.submit':
      await page.getByRole('button', { name: world.step === 'code' ? 'Verify' : 'Sign in' }).click();
      world.alert = null;
      return;
    case 'login.back':
      await page.getByRole('button', { name: 'Back' }).click();
      Object.assign(world, { step: 'credentials', alert: null });
      world.typed.code = '';
      return;
  }
  // The server's answer to the held request (SPEC §7 POST /login, §8 its errors).
  if (is(event, LOCKED) && !world.lockedAhead) await lockOut(world.typed.username);
  await world.login.release();
  if (is(event, SESSION)) world.step = 'home';
  else if (is(event, CODE_ASKED)) Object.assign(world, { step: 'code', typed: { ...world.typed, code: '' } });
  else if (is(event, LOCKED)) world.alert = LOCKED_TEXT;
  else if (world.step === 'code') world.toasts.push('Invalid MFA code');
  else world.alert = /^Invalid credentials$/;
}

async function messagesShown(page: Page, world: LoginWorld) {
  const alert = page.getByRole('alert');
  if (world.alert) expect(await alert.textContent()).toMatch(world.alert);
  else expect(await alert.count(), 'no inline message').toBe(0);
  expect(await toastsShown(page), 'the toasts shown so far').toEqual(world.toasts);
}

async function credentialsShown(page: Page, world: LoginWorld) {
  expect(world.step, 'the step SPEC §4 puts the user in').toBe('credentials');
  expect(await field(page, 'username').inputValue()).toBe(world.typed.username);
  expect(await field(page, 'password').inputValue()).toBe(world.typed.password);
  expect(await field(page, 'code').count()).toBe(0);
}

async function codeShown(page: Page, world: LoginWorld) {
  expect(world.step, 'the step SPEC §4 puts the user in').toBe('code');
  expect(await field(page, 'username').count()).toBe(0);
  expect(await field(page, 'code').inputValue()).toBe(world.typed.code);
}

/** The held request carries what the user typed: the trimmed credentials, and the code on the code step. */
function sent(world: LoginWorld, mfaCode?: string) {
  expect(world.login.waiting(), 'the request waits for the server').toBe(true);
  const { username, password } = world.typed;
  expect(world.login.bodies().at(-1)).toMatchObject(
    mfaCode === undefined
      ? { username, password, type: 'DOMAIN' }
      : { username, password, type: 'DOMAIN_MFA', mfaCode },
  );
}

const enabled = async (page: Page, name: string) => page.getByRole('button', { name }).isEnabled();

const THROTTLED_ELSEWHERE =
  "too many attempts from the network (429): every path of the run signs in from the test's own address, which " +
  'that would hold off for a quarter of an hour; the jsdom view paths play the answer, and ' +
  'server/src/modules/auth/throttle.test.ts the server that gives it';

describeServerPaths('login in Chromium against the server', loginMachine, {
  model,
  serverActors: ['authenticate'],
  start,
  play: (page, event, world) => play(page, event, world),
  // Locking the two-factor user spoils it for every later path: that path runs last.
  order: (path) =>
    path.steps.some((step) => is(step.event, LOCKED) && step.state.context.username === 'secure') ? 1 : 0,
  states: {
    editingCredentials: async (page, _, world) => {
      await credentialsShown(page, world);
      expect(await enabled(page, 'Sign in')).toBe(true);
      expect(world.login.waiting(), 'no request left unanswered').toBe(false);
      await messagesShown(page, world);
    },
    authenticating: async (page, _, world) => {
      await credentialsShown(page, world);
      expect(await enabled(page, 'Sign in')).toBe(false);
      sent(world);
    },
    editingCode: async (page, _, world) => {
      await codeShown(page, world);
      expect(await enabled(page, 'Verify')).toBe(true);
      expect(world.login.waiting(), 'no request left unanswered').toBe(false);
      await messagesShown(page, world);
    },
    verifyingCode: async (page, _, world) => {
      await codeShown(page, world);
      expect(await enabled(page, 'Verify')).toBe(false);
      sent(world, world.typed.code);
    },
    signedIn: async (page, _, world) => {
      expect(world.step, 'the step SPEC §4 puts the user in').toBe('home');
      await page
        .getByRole('button', { name: 'Account menu' })
        .filter({ hasText: world.typed.username })
        .waitFor();
      expect(new URL(page.url()).pathname).not.toBe('/login');
      expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.apiToken)).toBeTruthy();
    },
  },
  unreachable: {
    'login.authenticating on xstate.error.actor.authenticate #3 [throttled]': THROTTLED_ELSEWHERE,
    'login.authenticating on xstate.error.actor.authenticate #4':
      'a network failure or server error: the real server answers every sign-in (the jsdom view paths play it)',
    'login.verifyingCode on xstate.done.actor.authenticate #1 [needsSecurityCode]':
      'a second 202: the server asks for the code only when none is sent, and the code step always sends one',
    'login.verifyingCode on xstate.error.actor.authenticate #3 [throttled]': THROTTLED_ELSEWHERE,
    'login.verifyingCode on xstate.error.actor.authenticate #4':
      'a network failure or server error: the real server answers every sign-in (the jsdom view paths play it)',
  },
});
