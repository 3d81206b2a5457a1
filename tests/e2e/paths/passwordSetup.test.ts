import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { passwordResetMachine } from '../../../src/machines/passwordReset/passwordResetMachine';
import type { ModelOptions } from '../../support/paths/coveringPaths';
import { modelEvents } from '../../support/paths/modelEvents';
import {
  GOOD_PASSWORD,
  passwordFieldErrors,
  passwordFormEvents,
} from '../../support/worlds/passwordFormPaths';
import { tenantUrl } from '../support/browser';
import { apiSession } from '../support/pathSession';
import { newPathUser, spendLink } from '../support/pathUsers';
import { describeServerPaths, holdRequests } from '../support/serverPaths';

/**
 * A user an administrator created sets their password from the e-mailed link (/setup-password). Each path has a
 * user of its own, made through the API, so its link is fresh and no other path or test spends it. A dead link is
 * one the test spends first through the API, as a second tab of the same user would; a server out of reach is the
 * browser's request failing.
 */
type ResetSnapshot = SnapshotFrom<typeof passwordResetMachine>;
type ResetModelEvent = Parameters<typeof passwordResetMachine.transition>[1];

const events = modelEvents<typeof passwordResetMachine>();
const LINK_FRESH = events.done('checkToken', { kind: 'setup', username: 'path-user' });
const LINK_DEAD = events.failed('checkToken', { kind: 'tokenInvalid' });
const CHECK_DOWN = events.failed('checkToken', { kind: 'unavailable' });
const SAVED = events.done('resetPassword');
const SAVE_DEAD = events.failed('resetPassword', { kind: 'tokenInvalid' });
const SAVE_DOWN = events.failed('resetPassword', { kind: 'unavailable' });

const model: ModelOptions<typeof passwordResetMachine> = {
  input: { kind: 'setup', token: 'the-link-token' },
  events: [
    LINK_FRESH,
    LINK_DEAD,
    CHECK_DOWN,
    { type: 'passwordReset.retry' },
    ...passwordFormEvents,
    SAVED,
    SAVE_DEAD,
    SAVE_DOWN,
  ],
  serializeState: (s: ResetSnapshot) =>
    JSON.stringify({ value: s.value, password: s.context.password, confirmation: s.context.confirmation }),
};

interface SetupWorld {
  username: string;
  /** The token of the link the e-mail carried. */
  token: string;
  typed: { password: string; confirmation: string };
  visible: boolean;
  step: 'checking' | 'checkFailed' | 'form' | 'invalid' | 'done';
  fieldErrors: string[];
  alert: string | null;
  checks: Awaited<ReturnType<typeof holdRequests>>;
  saves: Awaited<ReturnType<typeof holdRequests>>;
}

const LINK_API = /\/api\/v2\/account\/recover-password\?token=/;

async function start(page: Page): Promise<SetupWorld> {
  const { username, token } = await newPathUser();
  const checks = await holdRequests(page, LINK_API, 'GET');
  const saves = await holdRequests(page, LINK_API, 'POST');
  await page.goto(tenantUrl('demo', `/setup-password?token=${token}`));
  await page.getByRole('heading', { name: 'Set your password' }).waitFor();
  return {
    username,
    token,
    typed: { password: '', confirmation: '' },
    visible: false,
    step: 'checking',
    fieldErrors: [],
    alert: null,
    checks,
    saves,
  };
}

/** SPEC §5 for the new password: the faults the form names. */
const fieldErrorsOf = (typed: SetupWorld['typed']): string[] =>
  Object.values(passwordFieldErrors(typed)).filter((error) => error !== null);

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function play(page: Page, event: ResetModelEvent, world: SetupWorld) {
  const type: string = event.type;
  if (event.type === 'passwordReset.edit') {
    await field(page, event.field === 'password' ? 'New password' : 'Confirm password').fill(event.value);
    world.typed[event.field] = event.value;
    const label = event.field === 'password' ? 'Password' : 'Confirmation';
    world.fieldErrors = world.fieldErrors.filter((error) => !error.startsWith(label));
  } else if (event.type === 'passwordReset.togglePasswordVisibility') {
    await page.getByRole('button', { name: world.visible ? 'Hide password' : 'Show password' }).click();
    world.visible = !world.visible;
  } else if (event.type === 'passwordReset.submit') {
    await page.getByRole('button', { name: 'Save' }).click();
    world.fieldErrors = fieldErrorsOf(world.typed);
    if (world.fieldErrors.length === 0) world.alert = null;
  } else if (event.type === 'passwordReset.retry') {
    await page.getByRole('button', { name: 'Try again' }).click();
    world.step = 'checking';
  } else if (event === LINK_FRESH) {
    await world.checks.release();
    world.step = 'form';
  } else if (event === LINK_DEAD || event === SAVE_DEAD) {
    // Spent first, as the same user in another tab would: the page's link is dead after it.
    await spendLink(world.token, 'Elsewhere42');
    await (event === LINK_DEAD ? world.checks : world.saves).release();
    world.step = 'invalid';
  } else if (event === CHECK_DOWN) {
    await world.checks.fail();
    world.step = 'checkFailed';
  } else if (event === SAVED) {
    await world.saves.release();
    world.step = 'done';
  } else if (event === SAVE_DOWN) {
    await world.saves.fail();
    world.alert = 'An error occurred, try again later';
  } else throw new Error(`No way to play ${type}`);
}

const alertText = async (page: Page) =>
  (await page.getByRole('alert').count()) ? await page.getByRole('alert').textContent() : null;
const noForm = async (page: Page) => expect(await field(page, 'New password').count()).toBe(0);

async function formShown(page: Page, world: SetupWorld, saving: boolean) {
  expect(world.step).toBe('form');
  await page.getByText(`Account: ${world.username}`).waitFor();
  expect(await field(page, 'New password').inputValue()).toBe(world.typed.password);
  expect(await field(page, 'Confirm password').inputValue()).toBe(world.typed.confirmation);
  const type = world.visible ? 'text' : 'password';
  expect(await field(page, 'New password').getAttribute('type')).toBe(type);
  for (const error of ['Password is required', 'Password length must be higher than 7'])
    expect(await page.getByText(error).count(), error).toBe(world.fieldErrors.includes(error) ? 1 : 0);
  expect(await page.getByText('Confirmation does not match the password').count()).toBe(
    world.fieldErrors.includes('Confirmation does not match the password') ? 1 : 0,
  );
  expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(saving);
  expect(world.saves.waiting(), 'a save waits for the server').toBe(saving);
}

describeServerPaths(
  'setting a password from the e-mailed link, in Chromium against the server',
  passwordResetMachine,
  {
    model,
    serverActors: ['checkToken', 'resetPassword'],
    // What the user does on the page the server sent: ask again, look at the password, be told what is wrong.
    alsoCover: [
      'passwordReset.checkFailed on passwordReset.retry',
      'passwordReset.editing on passwordReset.togglePasswordVisibility',
      'passwordReset.editing on passwordReset.submit #2',
    ],
    start,
    play: (page, event, world) => play(page, event, world),
    states: {
      checkingToken: async (page, _, world) => {
        expect(world.step).toBe('checking');
        expect(world.checks.waiting(), 'the link is being checked').toBe(true);
        await page.getByRole('status').getByText('Loading…').waitFor();
        await noForm(page);
      },
      checkFailed: async (page, _, world) => {
        expect(world.step).toBe('checkFailed');
        expect(await alertText(page)).toBe('The link could not be checked, try again later');
        await page.getByRole('button', { name: 'Try again' }).waitFor();
        await noForm(page);
      },
      editing: async (page, _, world) => {
        await formShown(page, world, false);
        expect(await alertText(page)).toBe(world.alert);
      },
      saving: (page, _, world) => formShown(page, world, true),
      invalid: async (page, _, world) => {
        expect(world.step).toBe('invalid');
        expect(await alertText(page)).toBe('Setup token is invalid or expired');
        await noForm(page);
      },
      done: async (page, _, world) => {
        expect(world.step).toBe('done');
        await page.getByText('Your password is set. Sign in with it.').waitFor();
        await page.getByRole('link', { name: 'Sign in' }).waitFor();
        // What the user would check next: the new password signs them in.
        await apiSession('demo', world.username, GOOD_PASSWORD);
      },
    },
    unreachable: {
      'passwordReset.checkingToken on xstate.done.actor.checkToken #2':
        "a recovery link opened on the setup route: the server's e-mails always name the route of their own kind (the jsdom view paths play it)",
      'passwordReset.saving on xstate.error.actor.resetPassword #2 [fieldRefused]':
        'the server refusing a password the shared contract lets through: it has no rule the contract lacks (the jsdom view paths play it)',
    },
  },
);
