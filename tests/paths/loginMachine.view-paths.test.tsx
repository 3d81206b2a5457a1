import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect } from 'vitest';
import type { InspectionEvent, SnapshotFrom } from 'xstate';
import { loginMachine } from '../../src/machines/login/loginMachine';
import { ErrorBody, LOCKED_MESSAGE_HEADER, type LoginRequest } from '#contracts';
import { STORAGE_KEYS } from '../../src/services/storage';
import { LOCKED_TEXT } from '../support/servers/apiHandlers';
import { operatorSession } from '../support/fixtures/fixtures';
import type { ModelOptions } from '../support/paths/coveringPaths';
import { modelEvents } from '../support/paths/modelEvents';
import { describeViewPaths, renderProduct } from '../support/paths/viewPaths';
import { server } from '../ui/setup';
import { answerHeld } from '../support/servers/heldRequests';

type LoginSnapshot = SnapshotFrom<typeof loginMachine>;
type LoginModelEvent = Parameters<typeof loginMachine.transition>[1];

const events = modelEvents<typeof loginMachine>();
const SESSION = events.done('authenticate', { kind: 'session', session: operatorSession });
const CODE_ASKED = events.done('authenticate', { kind: 'mfaRequired' });
const REFUSED = events.failed('authenticate', { kind: 'invalidCredentials' });
const LOCKED = events.failed('authenticate', { kind: 'locked', message: LOCKED_TEXT });
const UNAVAILABLE = events.failed('authenticate', { kind: 'unavailable' });
/** Too many attempts from the network (429): ten minutes to wait, as Retry-After says in seconds. */
const THROTTLED = events.failed('authenticate', { kind: 'throttled', minutes: 10 });
const THROTTLED_TEXT = 'Too many sign-in attempts from your network. Try again in 10 minutes.';

const model: ModelOptions<typeof loginMachine> = {
  input: { domain: 'demo' },
  events: [
    { type: 'login.edit', field: 'username', value: 'operator' },
    { type: 'login.edit', field: 'username', value: '   ' },
    { type: 'login.edit', field: 'password', value: 'Operator123' },
    { type: 'login.edit', field: 'code', value: '123456' },
    { type: 'login.edit', field: 'code', value: '12' },
    { type: 'login.toggleRememberMe' },
    { type: 'login.togglePasswordVisibility' },
    { type: 'login.submit' },
    { type: 'login.back' },
    SESSION,
    CODE_ASKED,
    REFUSED,
    LOCKED,
    THROTTLED,
    UNAVAILABLE,
  ],
  // Field text matters only as valid/invalid; toggles and messages do not change what can happen next.
  serializeState: (s: LoginSnapshot) =>
    JSON.stringify({
      value: s.value,
      username: s.context.username.trim() !== '',
      password: s.context.password.trim() !== '',
      code: /^\d{6}$/.test(s.context.code),
    }),
  // The screen shows the credentials or the code, never both: a user edits only the fields in front of them.
  filterEvents: (s, e) =>
    e.type !== 'login.edit' ||
    (e.field === 'code') === (s.matches('editingCode') || s.matches('verifyingCode')),
};

/** What the test knows happened: what the user typed and clicked, what the server received and answered. */
interface LoginWorld {
  user: UserEvent;
  typed: { username: string; password: string; code: string };
  rememberMe: boolean;
  passwordVisible: boolean;
  /** Where SPEC §4 puts the user after what happened: the credentials form, the code step, home. */
  step: 'credentials' | 'code' | 'home';
  codeStepJustOpened: boolean;
  requests: LoginRequest[];
  /** The login request the server holds, waiting for the path's next event to answer it. */
  respond: ((response: Response) => void) | null;
  fieldErrors: { username: string | null; password: string | null; code: string | null };
  /** The inline message (SPEC §8: invalid credentials, the lockout text, too many attempts, the generic error). */
  alert: string | null;
  /** The last notification: errors after a code was sent. */
  toast: string | null;
}

const errorAnswer = (status: number, code: string, headers?: Record<string, string>) =>
  HttpResponse.json(v.parse(ErrorBody, { statusCode: status, code, error: code, message: code }), {
    status,
    headers,
  });

async function start(inspect: (event: InspectionEvent) => void): Promise<LoginWorld> {
  const world: LoginWorld = {
    user: userEvent.setup({ delay: null }),
    typed: { username: '', password: '', code: '' },
    rememberMe: false,
    passwordVisible: false,
    step: 'credentials',
    codeStepJustOpened: false,
    requests: [],
    respond: null,
    fieldErrors: { username: null, password: null, code: null },
    alert: null,
    toast: null,
  };
  server.use(
    http.post('*/api/login', async ({ request }) => {
      world.requests.push((await request.json()) as LoginRequest);
      return new Promise<Response>((resolve) => (world.respond = resolve));
    }),
  );
  renderProduct('/login', { inspect });
  await screen.findByRole('button', { name: 'Sign in' });
  return world;
}

/** SPEC §8: a refusal is inline on the credentials form, a notification once a code was sent (423 stays inline). */
function refused(world: LoginWorld, inline: string, afterCode: string) {
  if (world.step === 'code') world.toast = afterCode;
  else world.alert = inline;
}

async function play(event: LoginModelEvent, world: LoginWorld) {
  const { user } = world;
  switch (event.type) {
    case 'login.edit': {
      const label = { username: 'Username', password: 'Password', code: 'Security code' }[event.field];
      const field = screen.getByLabelText(label);
      await user.clear(field);
      if (event.value) await user.type(field, event.value);
      world.typed[event.field] = event.value;
      world.fieldErrors[event.field] = null;
      world.codeStepJustOpened = false;
      return;
    }
    case 'login.toggleRememberMe':
      await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
      world.rememberMe = !world.rememberMe;
      return;
    case 'login.togglePasswordVisibility':
      await user.click(
        screen.getByRole('button', { name: world.passwordVisible ? 'Hide password' : 'Show password' }),
      );
      world.passwordVisible = !world.passwordVisible;
      return;
    case 'login.submit':
      return submit(world);
    case 'login.back':
      await user.click(screen.getByRole('button', { name: 'Back' }));
      Object.assign(world, { step: 'credentials', alert: null, toast: null });
      world.typed.code = '';
      world.fieldErrors = { username: null, password: null, code: null };
      return;
    default:
      return answerWith(event, world);
  }
}

/** Sign in or Verify: SPEC §5 decides whether the form sends a request or shows field errors. */
async function submit(world: LoginWorld) {
  const { typed } = world;
  world.codeStepJustOpened = false;
  if (world.step === 'code') {
    await world.user.click(screen.getByRole('button', { name: 'Verify' }));
    const code = typed.code.trim();
    if (/^\d{6}$/.test(code)) Object.assign(world, { alert: null, toast: null });
    else
      world.fieldErrors.code =
        code === '' ? 'Security code is required' : 'Security code must be exactly 6 digits';
    return;
  }
  await world.user.click(screen.getByRole('button', { name: 'Sign in' }));
  if (typed.username.trim() && typed.password.trim()) {
    world.alert = null;
  } else {
    world.fieldErrors.username = typed.username.trim() ? null : 'Username is required';
    world.fieldErrors.password = typed.password.trim() ? null : 'Password is required';
  }
}

const is = (event: LoginModelEvent, expected: LoginModelEvent) =>
  JSON.stringify(event) === JSON.stringify(expected);

/** The server's answers to the held request (SPEC §7 POST /login, §8 its errors). */
async function answerWith(event: LoginModelEvent, world: LoginWorld) {
  if (is(event, SESSION)) {
    await answerHeld(world, HttpResponse.json(operatorSession));
    world.step = 'home';
  } else if (is(event, CODE_ASKED)) {
    await answerHeld(world, HttpResponse.json({ mfaRequired: true }, { status: 202 }));
    // SPEC §8: a 202 after a code means the code was not accepted; the first one opens the code step, empty.
    if (world.step === 'code') world.toast = 'Invalid security code';
    else
      Object.assign(world, { step: 'code', codeStepJustOpened: true, typed: { ...world.typed, code: '' } });
  } else if (is(event, REFUSED)) {
    const code = world.step === 'code' ? 'INVALID_MFA_CODE' : 'INVALID_CREDENTIALS';
    await answerHeld(world, errorAnswer(401, code));
    refused(world, 'Invalid credentials', 'Invalid MFA code');
  } else if (is(event, LOCKED)) {
    await answerHeld(world, errorAnswer(423, 'LOCKED', { [LOCKED_MESSAGE_HEADER]: LOCKED_TEXT }));
    world.alert = LOCKED_TEXT;
  } else if (is(event, THROTTLED)) {
    await answerHeld(world, errorAnswer(429, 'TOO_MANY_ATTEMPTS', { 'Retry-After': '600' }));
    // Inline on either step, like a lockout: nothing can be done but wait.
    world.alert = THROTTLED_TEXT;
  } else if (is(event, UNAVAILABLE)) {
    await answerHeld(world, errorAnswer(500, 'INTERNAL'));
    refused(world, 'An error occurred, try again later', 'An error occurred, try again later');
  } else {
    throw new Error(`No way to play ${event.type}`);
  }
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

/** The inline message and the field errors the world expects, and the notification if one was shown. */
function messagesShown(world: LoginWorld) {
  const alert = screen.queryByRole('alert');
  expect(alert?.textContent ?? null, 'inline message').toBe(world.alert);
  for (const error of ['Username is required', 'Password is required'])
    expect(screen.queryByText(error) !== null, error).toBe(Object.values(world.fieldErrors).includes(error));
  if (world.toast) {
    const toasts = screen.getAllByRole('status').map((toast) => toast.textContent);
    expect(toasts.some((text) => text?.includes(world.toast!))).toBe(true);
  }
}

function credentialsShown(world: LoginWorld) {
  expect(world.step, 'the step SPEC §4 puts the user in').toBe('credentials');
  expect(field('Username').value).toBe(world.typed.username);
  expect(field('Password').value).toBe(world.typed.password);
  expect(field('Password').type).toBe(world.passwordVisible ? 'text' : 'password');
  expect(button(world.passwordVisible ? 'Hide password' : 'Show password').getAttribute('aria-pressed')).toBe(
    String(world.passwordVisible),
  );
  expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Remember me' }).checked).toBe(
    world.rememberMe,
  );
  expect(screen.queryByLabelText('Security code')).toBeNull();
}

function codeShown(world: LoginWorld) {
  expect(world.step, 'the step SPEC §4 puts the user in').toBe('code');
  expect(screen.queryByLabelText('Username')).toBeNull();
  expect(field('Security code').value).toBe(world.typed.code);
  expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
  expect(button('Back').disabled).toBe(false);
}

/** The last request the server received: the trimmed credentials of the world, with the code on the code step. */
function sent(world: LoginWorld, mfaCode?: string) {
  expect(world.respond, 'the request waits for the server').not.toBeNull();
  const { username, password } = world.typed;
  const credentials = { username: username.trim(), password: password.trim(), domain: 'demo' };
  expect(world.requests.at(-1)).toEqual(
    mfaCode === undefined
      ? { ...credentials, rememberMe: world.rememberMe, type: 'DOMAIN' }
      : { ...credentials, rememberMe: world.rememberMe, type: 'DOMAIN_MFA', mfaCode },
  );
}

describeViewPaths('login, played on the login screen', loginMachine, {
  model,
  start,
  play,
  states: {
    editingCredentials: (_, world) => {
      credentialsShown(world);
      expect(button('Sign in').disabled).toBe(false);
      expect(world.respond, 'no request left unanswered').toBeNull();
      messagesShown(world);
    },
    authenticating: (_, world) => {
      credentialsShown(world);
      expect(button('Sign in').disabled).toBe(true);
      sent(world);
      expect(screen.queryByRole('alert')).toBeNull();
    },
    editingCode: (_, world) => {
      codeShown(world);
      expect(button('Verify').disabled).toBe(false);
      // The step exists to take the code: it has the focus as it opens.
      if (world.codeStepJustOpened) expect(document.activeElement).toBe(field('Security code'));
      expect(screen.queryByText('Security code is required') !== null).toBe(
        world.fieldErrors.code === 'Security code is required',
      );
      expect(screen.queryByText('Security code must be exactly 6 digits') !== null).toBe(
        world.fieldErrors.code === 'Security code must be exactly 6 digits',
      );
      expect(world.respond, 'no request left unanswered').toBeNull();
      messagesShown(world);
    },
    verifyingCode: (_, world) => {
      codeShown(world);
      expect(button('Verify').disabled).toBe(true);
      sent(world, world.typed.code.trim());
    },
    signedIn: (_, world) => {
      expect(world.step, 'the step SPEC §4 puts the user in').toBe('home');
      expect(
        screen.getByRole('heading', { name: `Welcome, ${operatorSession.metadata.username}` }),
      ).toBeTruthy();
      expect(window.location.pathname).toBe('/');
      expect(window.localStorage.getItem(STORAGE_KEYS.apiToken)).toBe(operatorSession.token.id);
    },
  },
});
