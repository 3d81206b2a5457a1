import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect } from 'vitest';
import type { InspectionEvent } from 'xstate';
import {
  passwordResetMachine,
  type PasswordResetKind,
} from '../../src/machines/passwordReset/passwordResetMachine';
import { ErrorBody, PasswordReset, RecoveryTokenInfo, RecoveryTokenQuery } from '#contracts';
import type { ModelOptions } from '../support/paths/coveringPaths';
import { modelEvents } from '../support/paths/modelEvents';
import { passwordFieldErrors, passwordFormEvents } from '../support/worlds/passwordFormPaths';
import { describeViewPaths, renderProduct } from '../support/paths/viewPaths';
import { server } from '../ui/setup';
import { answerHeld } from '../support/servers/heldRequests';

type ResetModelEvent = Parameters<typeof passwordResetMachine.transition>[1];

const TOKEN = 'token-1';
const COMMON_TEXT = 'Password is too common';
const events = modelEvents<typeof passwordResetMachine>();
const TOKEN_FOR = (kind: PasswordResetKind) => events.done('checkToken', { kind, username: 'operator' });
const TOKEN_DEAD = events.failed('checkToken', { kind: 'tokenInvalid' });
const CHECK_DOWN = events.failed('checkToken', { kind: 'unavailable' });
const SAVED = events.done('resetPassword');
const SAVE_DEAD = events.failed('resetPassword', { kind: 'tokenInvalid' });
const SAVE_REFUSED = events.failed('resetPassword', {
  kind: 'invalidField',
  field: 'password',
  message: COMMON_TEXT,
});
const SAVE_DOWN = events.failed('resetPassword', { kind: 'unavailable' });

const modelOf = (kind: PasswordResetKind): ModelOptions<typeof passwordResetMachine> & { label: string } => ({
  label: `/${kind}-password`,
  input: { kind, token: TOKEN },
  events: [
    TOKEN_FOR('recover'),
    TOKEN_FOR('setup'),
    TOKEN_DEAD,
    CHECK_DOWN,
    { type: 'passwordReset.retry' },
    ...passwordFormEvents,
    SAVED,
    SAVE_DEAD,
    SAVE_REFUSED,
    SAVE_DOWN,
  ],
  serializeState: (s) =>
    JSON.stringify({ value: s.value, password: s.context.password, confirmation: s.context.confirmation }),
});

/** What the user typed and saw, and what the server received and answered (SPEC §7 GET and POST ?token=). */
interface ResetWorld {
  user: UserEvent;
  kind: PasswordResetKind;
  typed: { password: string; confirmation: string };
  visible: boolean;
  fieldErrors: { password: string | null; confirmation: string | null };
  alert: string | null;
  username: string | null;
  step: 'checking' | 'checkFailed' | 'form' | 'invalid' | 'done';
  saves: PasswordReset[];
  respond: ((response: Response) => void) | null;
}

const tokenOf = (request: Request) =>
  v.parse(RecoveryTokenQuery, Object.fromEntries(new URL(request.url).searchParams)).token;

async function start(inspect: (event: InspectionEvent) => void, kind: PasswordResetKind) {
  const world: ResetWorld = {
    user: userEvent.setup({ delay: null }),
    kind,
    typed: { password: '', confirmation: '' },
    visible: false,
    fieldErrors: { password: null, confirmation: null },
    alert: null,
    username: null,
    step: 'checking',
    saves: [],
    respond: null,
  };
  const held = () => new Promise<Response>((resolve) => (world.respond = resolve));
  server.use(
    http.get('*/api/v2/account/recover-password', ({ request }) => {
      expect(tokenOf(request)).toBe(TOKEN);
      return held();
    }),
    http.post('*/api/v2/account/recover-password', async ({ request }) => {
      expect(tokenOf(request)).toBe(TOKEN);
      world.saves.push(v.parse(PasswordReset, await request.json()));
      return held();
    }),
  );
  renderProduct(`/${kind}-password?token=${TOKEN}`, { inspect });
  await screen.findByRole('heading', {
    name: kind === 'setup' ? 'Set your password' : 'Reset your password',
  });
  return world;
}

const errorAnswer = (status: number, code: string, message = code) =>
  HttpResponse.json(v.parse(ErrorBody, { statusCode: status, code, error: code, message }), { status });
const deadToken = (world: ResetWorld) =>
  errorAnswer(400, world.kind === 'setup' ? 'SETUP_TOKEN_INVALID' : 'RECOVERY_TOKEN_INVALID');

const FIELD_ERRORS = [
  COMMON_TEXT,
  'Password is required',
  'Password length must be higher than 7',
  'Confirmation is required',
  'Confirmation does not match the password',
];

async function play(event: ResetModelEvent, world: ResetWorld) {
  const { user } = world;
  const type: string = event.type;
  if (event.type === 'passwordReset.edit') {
    const field = screen.getByLabelText(event.field === 'password' ? 'New password' : 'Confirm password');
    await user.clear(field);
    await user.type(field, event.value);
    world.typed[event.field] = event.value;
    world.fieldErrors[event.field] = null;
  } else if (event.type === 'passwordReset.togglePasswordVisibility') {
    await user.click(screen.getByRole('button', { name: world.visible ? 'Hide password' : 'Show password' }));
    world.visible = !world.visible;
  } else if (event.type === 'passwordReset.submit') {
    await user.click(screen.getByRole('button', { name: 'Save' }));
    world.fieldErrors = passwordFieldErrors(world.typed);
    if (!world.fieldErrors.password && !world.fieldErrors.confirmation) world.alert = null;
  } else if (event.type === 'passwordReset.retry') {
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    world.step = 'checking';
  } else if (type === 'xstate.done.actor.checkToken') {
    const info = v.parse(RecoveryTokenInfo, (event as unknown as { output: unknown }).output);
    await answerHeld(world, HttpResponse.json(info));
    // A link of the other kind is not the one this route was sent with.
    if (info.kind === world.kind) Object.assign(world, { step: 'form', username: info.username });
    else world.step = 'invalid';
  } else if (event === TOKEN_DEAD || event === SAVE_DEAD) {
    await answerHeld(world, deadToken(world));
    world.step = 'invalid';
  } else if (event === CHECK_DOWN) {
    await answerHeld(world, errorAnswer(500, 'INTERNAL'));
    world.step = 'checkFailed';
  } else if (event === SAVED) {
    await answerHeld(world, new HttpResponse(null, { status: 204 }));
    world.step = 'done';
  } else if (event === SAVE_REFUSED) {
    await answerHeld(world, errorAnswer(400, 'VALIDATION_FAILED', `password: ${COMMON_TEXT}`));
    world.fieldErrors.password = COMMON_TEXT;
  } else if (event === SAVE_DOWN) {
    await answerHeld(world, errorAnswer(503, 'UNAVAILABLE'));
    world.alert = 'An error occurred, try again later';
  } else throw new Error(`No way to play ${type}`);
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const save = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
const alertText = () => screen.queryByRole('alert')?.textContent ?? null;

function usernameShown(world: ResetWorld) {
  expect(screen.queryByText('Account: operator') !== null, 'the account named').toBe(world.username !== null);
}

function formShown(world: ResetWorld) {
  expect(world.step).toBe('form');
  usernameShown(world);
  expect(input('New password').value).toBe(world.typed.password);
  expect(input('Confirm password').value).toBe(world.typed.confirmation);
  const type = world.visible ? 'text' : 'password';
  expect([input('New password').type, input('Confirm password').type]).toEqual([type, type]);
  const toggle = screen.getByRole('button', { name: world.visible ? 'Hide password' : 'Show password' });
  expect(toggle.getAttribute('aria-pressed')).toBe(String(world.visible));
  for (const error of FIELD_ERRORS)
    expect(screen.queryByText(error) !== null, error).toBe(Object.values(world.fieldErrors).includes(error));
}

const noForm = () => expect(screen.queryByLabelText('New password')).toBeNull();

describeViewPaths('password reset, played on the recover and setup screens', passwordResetMachine, {
  model: [modelOf('recover'), modelOf('setup')],
  start: (inspect, initial) => start(inspect, initial.context.kind),
  play,
  states: {
    checkingToken: (_, world) => {
      expect(world.step).toBe('checking');
      expect(screen.getByRole('status').textContent).toBe('Loading…');
      expect(world.respond, 'the token check waits for the server').not.toBeNull();
      noForm();
    },
    checkFailed: (_, world) => {
      expect(world.step).toBe('checkFailed');
      expect(alertText()).toBe('The link could not be checked, try again later');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      noForm();
    },
    editing: (_, world) => {
      formShown(world);
      expect(save().disabled).toBe(false);
      expect(alertText(), 'inline message').toBe(world.alert);
      expect(world.respond, 'no request left unanswered').toBeNull();
    },
    saving: (_, world) => {
      formShown(world);
      expect(save().disabled).toBe(true);
      expect(world.saves.at(-1), 'the password sent once').toEqual({ password: world.typed.password });
      expect(world.respond, 'the save waits for the server').not.toBeNull();
    },
    invalid: (_, world) => {
      expect(world.step).toBe('invalid');
      const message =
        world.kind === 'setup' ? 'Setup token is invalid or expired' : 'Recovery token is invalid or expired';
      expect(alertText()).toBe(message);
      usernameShown(world);
      noForm();
    },
    done: (_, world) => {
      expect(world.step).toBe('done');
      expect(screen.getByText('Your password is set. Sign in with it.')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
      noForm();
    },
  },
});
