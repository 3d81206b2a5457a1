import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { forgotPasswordMachine } from '../../../src/machines/forgotPassword/forgotPasswordMachine';
import type { ModelOptions } from '../../support/paths/coveringPaths';
import { modelEvents } from '../../support/paths/modelEvents';
import { tenantUrl } from '../support/browser';
import { linkMailedTo } from '../support/outbox';
import { newPathUser } from '../support/pathUsers';
import { describeServerPaths, holdRequests } from '../support/serverPaths';

/**
 * A user who forgot their password asks for a recovery link (/forgot-password), against the real server: the
 * address is checked on the page, the request held until the path answers it, and a sent request ends with the
 * recovery e-mail in the server's outbox. Each path has a user of its own, as the server sends one recovery
 * e-mail a minute per account.
 */
type ForgotSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;
type ForgotModelEvent = Parameters<typeof forgotPasswordMachine.transition>[1];

/** Model value of the path user's own address, typed as that user's (each path has its own). */
const OWN_ADDRESS = 'own@demo.example';
const MALFORMED = 'path-user@';
const events = modelEvents<typeof forgotPasswordMachine>();
const ACCEPTED = events.done('requestRecovery');
const FAILED = events.failed('requestRecovery');

const TEXT = {
  required: 'Email is required',
  invalid: 'Email is invalid',
  sendFailed: 'The e-mail could not be sent, try again later',
};

const model: ModelOptions<typeof forgotPasswordMachine> = {
  events: [
    { type: 'forgotPassword.edit', value: OWN_ADDRESS },
    { type: 'forgotPassword.edit', value: MALFORMED },
    { type: 'forgotPassword.edit', value: '' },
    { type: 'forgotPassword.submit' },
    ACCEPTED,
    FAILED,
  ],
  serializeState: (s: ForgotSnapshot) =>
    JSON.stringify({ value: s.value, email: s.context.email, failed: s.context.error !== null }),
};

interface ForgotWorld {
  email: string;
  typed: string;
  emailError: string | null;
  alert: string | null;
  sends: Awaited<ReturnType<typeof holdRequests>>;
}

async function start(page: Page): Promise<ForgotWorld> {
  const { email } = await newPathUser();
  const sends = await holdRequests(page, /\/api\/v2\/account\/recover-password\?email=/, 'PUT');
  await page.goto(tenantUrl('demo', '/forgot-password'));
  await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  return { email, typed: '', emailError: null, alert: null, sends };
}

async function play(page: Page, event: ForgotModelEvent, world: ForgotWorld) {
  const type: string = event.type;
  if (event.type === 'forgotPassword.edit') {
    const typed = event.value === OWN_ADDRESS ? world.email : event.value;
    await page.getByLabel('E-mail').fill(typed);
    Object.assign(world, { typed, emailError: null });
  } else if (event.type === 'forgotPassword.submit') {
    await page.getByRole('button', { name: 'Send' }).click();
    // SPEC §5: the address is checked before anything is sent.
    if (world.typed === '') world.emailError = TEXT.required;
    else if (world.typed === MALFORMED) world.emailError = TEXT.invalid;
    else world.alert = null;
  } else if (event === ACCEPTED) await world.sends.release();
  else if (event === FAILED) {
    await world.sends.fail();
    world.alert = TEXT.sendFailed;
  } else throw new Error(`No way to play ${type}`);
}

async function formShown(page: Page, world: ForgotWorld, sending: boolean) {
  expect(await page.getByLabel('E-mail').inputValue()).toBe(world.typed);
  for (const error of [TEXT.required, TEXT.invalid])
    expect(await page.getByText(error).count(), error).toBe(world.emailError === error ? 1 : 0);
  expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(sending);
  expect(world.sends.waiting(), 'a request waits for the server').toBe(sending);
  expect(await page.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
}

const alertText = async (page: Page) =>
  (await page.getByRole('alert').count()) ? await page.getByRole('alert').textContent() : null;

describeServerPaths('asking for a recovery link, in Chromium against the server', forgotPasswordMachine, {
  model,
  serverActors: ['requestRecovery'],
  // The address refused on the page, before anything is sent.
  alsoCover: ['forgotPassword.editing on forgotPassword.submit #2'],
  unreachable: {
    'forgotPassword.sending on xstate.error.actor.requestRecovery #1 [throttled]':
      "the per-address throttle: 30 requests from this test's address would throttle every later test's sign-in " +
      '(server/src/modules/auth/throttle.test.ts counts it; the jsdom view paths play the answer)',
  },
  start,
  play: (page, event, world) => play(page, event, world),
  states: {
    editing: async (page, _, world) => {
      await formShown(page, world, false);
      expect(await alertText(page)).toBe(world.alert);
    },
    sending: async (page, _, world) => {
      await formShown(page, world, true);
      expect(new URL(world.sends.urls().at(-1)!).searchParams.get('email')).toBe(world.email);
    },
    sent: async (page, _, world) => {
      await page
        .getByText(
          `If an account has the address ${world.email}, an e-mail with a link to set a new password is on its way. The link is valid for 60 minutes.`,
        )
        .waitFor();
      expect(await page.getByLabel('E-mail').count()).toBe(0);
      // What the user checks next: their mailbox holds a recovery link (after the setup link they were sent).
      expect(await linkMailedTo(world.email)).toMatch(/^\/recover-password\?token=/);
    },
  },
});
