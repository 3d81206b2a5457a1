import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { forgotPasswordMachine } from '../../src/machines/forgotPassword/forgotPasswordMachine';
import { ErrorBody, RecoveryRequestQuery } from '#contracts';
import type { ModelOptions } from '../support/paths/coveringPaths';
import { modelEvents } from '../support/paths/modelEvents';
import { describeViewPaths, renderProduct } from '../support/paths/viewPaths';
import { server } from '../ui/setup';
import { answerHeld } from '../support/servers/heldRequests';

type ForgotModelEvent = Parameters<typeof forgotPasswordMachine.transition>[1];

const events = modelEvents<typeof forgotPasswordMachine>();
const ACCEPTED = events.done('requestRecovery');
const FAILED = events.failed('requestRecovery');
/** The server's throttle of recovery requests per network (429 with Retry-After in seconds). */
const THROTTLED = events.failed('requestRecovery', { kind: 'throttled', minutes: 3 });
const ADDRESS = 'operator@example.com';

const model: ModelOptions<typeof forgotPasswordMachine> = {
  events: [
    { type: 'forgotPassword.edit', value: ADDRESS },
    { type: 'forgotPassword.edit', value: 'operator@' },
    { type: 'forgotPassword.edit', value: '' },
    { type: 'forgotPassword.submit' },
    ACCEPTED,
    FAILED,
    THROTTLED,
  ],
  // The address matters only as empty, malformed or valid.
  serializeState: (s) => JSON.stringify({ value: s.value, email: s.context.email, failed: s.context.error }),
};

/** What the user typed and what the server received and answered (SPEC §7 PUT ?email=). */
interface ForgotWorld {
  user: UserEvent;
  typed: string;
  emailError: string | null;
  /** The inline message of a failed send. */
  alert: string | null;
  requests: string[];
  respond: ((response: Response) => void) | null;
}

async function start(inspect: (event: InspectionEvent) => void): Promise<ForgotWorld> {
  const world: ForgotWorld = {
    user: userEvent.setup({ delay: null }),
    typed: '',
    emailError: null,
    alert: null,
    requests: [],
    respond: null,
  };
  server.use(
    http.put('*/api/v2/account/recover-password', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      world.requests.push(v.parse(RecoveryRequestQuery, query).email);
      return new Promise<Response>((resolve) => (world.respond = resolve));
    }),
  );
  renderProduct('/forgot-password', { inspect });
  await screen.findByRole('heading', { name: 'Forgot your password?' });
  return world;
}

async function play(event: ForgotModelEvent, world: ForgotWorld) {
  const { user } = world;
  const type: string = event.type;
  if (event.type === 'forgotPassword.edit') {
    const field = screen.getByLabelText('E-mail');
    await user.clear(field);
    if (event.value) await user.type(field, event.value);
    Object.assign(world, { typed: event.value, emailError: null });
  } else if (event.type === 'forgotPassword.submit') {
    await user.click(screen.getByRole('button', { name: 'Send' }));
    // SPEC §5: the address is checked before anything is sent.
    if (world.typed === '') world.emailError = 'Email is required';
    else if (world.typed !== ADDRESS) world.emailError = 'Email is invalid';
    else world.alert = null;
  } else if (type === ACCEPTED.type) {
    // The same answer whether an account has the address or not.
    await answerHeld(world, new HttpResponse(null, { status: 204 }));
  } else if (type === FAILED.type && (event as { error?: { kind?: string } }).error?.kind === 'throttled') {
    const body = {
      statusCode: 429,
      code: 'TOO_MANY_ATTEMPTS',
      error: 'Too Many Requests',
      message: 'Slow down',
    };
    const headers = { 'Retry-After': '150' };
    await answerHeld(world, HttpResponse.json(v.parse(ErrorBody, body), { status: 429, headers }));
    world.alert = 'Too many requests from your network. Try again in 3 minutes.';
  } else if (type === FAILED.type) {
    const body = { statusCode: 500, code: 'INTERNAL', error: 'Internal Server Error', message: 'boom' };
    await answerHeld(world, HttpResponse.json(v.parse(ErrorBody, body), { status: 500 }));
    world.alert = 'The e-mail could not be sent, try again later';
  } else throw new Error(`No way to play ${type}`);
}

const field = () => screen.getByLabelText<HTMLInputElement>('E-mail');
const send = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });

function formShown(world: ForgotWorld) {
  expect(field().value).toBe(world.typed);
  for (const error of ['Email is required', 'Email is invalid'])
    expect(screen.queryByText(error) !== null, error).toBe(world.emailError === error);
  expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
}

describeViewPaths('forgot password, played on its screen', forgotPasswordMachine, {
  model,
  start,
  play,
  states: {
    editing: (_, world) => {
      formShown(world);
      expect(send().disabled).toBe(false);
      expect(world.respond, 'no request left unanswered').toBeNull();
      expect(screen.queryByRole('alert')?.textContent ?? null, 'inline message').toBe(world.alert);
    },
    sending: (_, world) => {
      formShown(world);
      expect(send().disabled).toBe(true);
      expect(world.requests.at(-1)).toBe(ADDRESS);
      expect(world.respond, 'the request waits for the server').not.toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
    },
    sent: () => {
      expect(screen.queryByLabelText('E-mail')).toBeNull();
      expect(
        screen.getByText(
          `If an account has the address ${ADDRESS}, an e-mail with a link to set a new password is on its way. The link is valid for 60 minutes.`,
        ),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeTruthy();
    },
  },
});
