import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { totpAt } from '../../../server/src/modules/auth/totp';
import { twoFactorSetupMachine } from '../../../src/machines/twoFactorSetup/twoFactorSetupMachine';
import type { ModelOptions } from '../../support/paths/coveringPaths';
import { modelEvents } from '../../support/paths/modelEvents';
import { openAccountSettings } from '../support/accountSettings';
import { tenantUrl } from '../support/browser';
import { openSignedIn } from '../support/pathSession';
import { signedInPathUser } from '../support/pathUsers';
import { describeServerPaths, holdRequests } from '../support/serverPaths';

/**
 * Two-factor setup from the personal settings, against the real server: the secret the server makes, the code an
 * authenticator app would show for it (computed here from the secret, at the moment it is typed), the server's
 * answer to it. Each path signs in a user of its own, so failed codes and a lockout stay with that user.
 */
type SetupSnapshot = SnapshotFrom<typeof twoFactorSetupMachine>;
type SetupModelEvent = Parameters<typeof twoFactorSetupMachine.transition>[1];

const PASSWORD = 'Operator42';
/** Model values: the code the authenticator app shows when it is typed, a wrong one, a malformed one. */
const APP_CODE = '424242';
const WRONG_CODE = '000000';
const MALFORMED = '12a';

const { done, failed } = modelEvents<typeof twoFactorSetupMachine>();
const LOADED = done('fetchSetupKey', { secret: 'made by the server', qrCode: 'drawn by the server' });
const LOAD_FAILED = failed('fetchSetupKey');
const ACCEPTED = done('verifyCode');
const WRONG = failed('verifyCode', { kind: 'codeInvalid' });

const TEXT = {
  loading: 'Preparing the setup…',
  loadFailed: 'The QR code could not be loaded. Two-factor authentication stays off.',
  format: 'Security code must be exactly 6 digits',
  codeInvalid: "Two factor authentication code it's invalid, did you set it up correctly?",
};

const is = (a: SetupModelEvent, b: SetupModelEvent) => JSON.stringify(a) === JSON.stringify(b);

const model: ModelOptions<typeof twoFactorSetupMachine> = {
  // The settings dialog's e-mail: each path's user has one (pathUsers.ts), sent with the code.
  input: { email: 'path-user@demo.example' },
  events: [
    LOADED,
    LOAD_FAILED,
    { type: 'twoFactor.retry' },
    { type: 'twoFactor.next' },
    { type: 'twoFactor.back' },
    { type: 'twoFactor.editCode', value: MALFORMED },
    { type: 'twoFactor.editCode', value: APP_CODE },
    { type: 'twoFactor.editCode', value: WRONG_CODE },
    { type: 'twoFactor.submit' },
    ACCEPTED,
    // A refusal in the server's words (a lockout) and a failed request end the same way: the jsdom view paths
    // play them; here the everyday one, a code the server does not accept.
    WRONG,
    { type: 'twoFactor.cancel' },
  ],
  serializeState: (s: SetupSnapshot) =>
    JSON.stringify({ value: s.value, code: s.context.code, error: s.context.codeError }),
  filterEvents: (s, e) => {
    // The server answers the app's code with yes and another with no; a lockout is arranged first.
    if (s.matches('verifying') && (is(e, ACCEPTED) || is(e, WRONG)))
      return is(e, ACCEPTED) === (s.context.code === APP_CODE);
    if (e.type === 'twoFactor.editCode') return e.value !== s.context.code;
    return true;
  },
};

interface SetupWorld {
  username: string;
  /** The user's e-mail address, which the settings dialog holds. */
  email: string;
  /** The secret the server made for this path, as its answer carried it. */
  secret: string;
  typed: string;
  codeError: string | null;
  setupKeys: Awaited<ReturnType<typeof holdRequests>>;
  verifications: Awaited<ReturnType<typeof holdRequests>>;
  settings: Locator;
}

const setup = (page: Page) => page.getByRole('dialog', { name: 'Two-factor authentication' });
const button = (page: Page, name: string) => setup(page).getByRole('button', { name, exact: true });
const codeField = (page: Page) => setup(page).getByRole('textbox', { name: 'Security code' });
const twoFactorBox = (world: SetupWorld) =>
  world.settings.getByRole('checkbox', { name: 'Two-factor authentication' });

async function start(page: Page): Promise<SetupWorld> {
  const { username, email, session } = await signedInPathUser(PASSWORD);
  await openSignedIn(page, session);
  const setupKeys = await holdRequests(page, '**/api/v2/account/settings/2fa', 'GET');
  const verifications = await holdRequests(page, /\/api\/v2\/account\/verify-2fa\?/, 'POST');
  await page.goto(tenantUrl('demo', '/'));
  const settings = await openAccountSettings(page);
  await settings.getByRole('checkbox', { name: 'Two-factor authentication' }).click();
  // The dialog's own box has no size of its own (its panel has): wait for what it shows.
  await button(page, 'Cancel').waitFor();
  const fresh = { secret: '', typed: '', codeError: null };
  return { username, email, ...fresh, setupKeys, verifications, settings };
}

async function play(page: Page, event: SetupModelEvent, world: SetupWorld) {
  const type: string = event.type;
  switch (event.type) {
    case 'twoFactor.retry':
      return button(page, 'Try again').click();
    case 'twoFactor.next':
      return button(page, 'Next').click();
    case 'twoFactor.back':
      return button(page, 'Back').click();
    case 'twoFactor.cancel':
      return button(page, 'Cancel').click();
    case 'twoFactor.editCode': {
      // The app's code is the one an authenticator shows for the server's secret right now.
      const typed = event.value === APP_CODE ? await totpAt(world.secret, new Date()) : event.value;
      await codeField(page).fill(typed);
      Object.assign(world, { typed, codeError: null });
      return;
    }
    case 'twoFactor.submit':
      await codeField(page).press('Enter');
      world.codeError = /^\d{6}$/.test(world.typed) ? null : TEXT.format;
      return;
  }
  if (is(event, LOADED)) {
    const answer = page.waitForResponse('**/api/v2/account/settings/2fa');
    await world.setupKeys.release();
    world.secret = ((await (await answer).json()) as { secret: string }).secret;
  } else if (is(event, LOAD_FAILED)) await world.setupKeys.fail();
  else if (is(event, ACCEPTED)) await world.verifications.release();
  else if (is(event, WRONG)) {
    await world.verifications.release();
    world.codeError = TEXT.codeInvalid;
  } else throw new Error(`No way to play ${type}`);
}

async function stepShown(page: Page, step: number) {
  const current = setup(page)
    .getByRole('list', { name: `Step ${step} of 3` })
    .locator('[aria-current="step"]');
  expect(await current.count(), `step ${step} is the current one`).toBe(1);
}

async function codeStep(page: Page, world: SetupWorld, verifying: boolean) {
  await stepShown(page, 3);
  expect(await codeField(page).inputValue()).toBe(world.typed);
  // The field's fault is announced with it: the text its description points to.
  const shown = await codeField(page).evaluate((field) => {
    const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
    const error = ids.find((id) => id.endsWith('-error'));
    return error ? (document.getElementById(error)?.textContent ?? null) : null;
  });
  if (world.codeError === null) expect(shown).toBeNull();
  else expect(shown).toBe(world.codeError);
  expect(world.verifications.waiting(), 'a code waits for the server').toBe(verifying);
  if (verifying) {
    expect(await button(page, 'Verifying…').isDisabled()).toBe(true);
    const url = new URL(world.verifications.urls().at(-1)!);
    expect(url.searchParams.get('code'), 'the code typed is sent').toBe(world.typed);
    expect(world.verifications.bodies().at(-1)).toEqual({ secret: world.secret, email: world.email });
  }
}

async function closed(page: Page, world: SetupWorld, enabled: boolean) {
  expect(await setup(page).count()).toBe(0);
  // SPEC §4: the box is ticked only once the server accepted a code, which turned two-factor on, and the
  // settings say so; cancelling leaves two-factor off.
  expect(await twoFactorBox(world).isChecked()).toBe(enabled);
  const said = world.settings.getByRole('status').filter({ hasText: 'Two-factor authentication is on' });
  expect(await said.count()).toBe(enabled ? 1 : 0);
}

describeServerPaths('two-factor setup, in Chromium against the server', twoFactorSetupMachine, {
  model,
  serverActors: ['fetchSetupKey', 'verifyCode'],
  alsoCover: [
    'twoFactorSetup.loadFailed on twoFactor.retry',
    'twoFactorSetup.enteringCode on twoFactor.submit #2',
    'twoFactorSetup.enteringCode on twoFactor.back',
  ],
  start,
  play: (page, event, world) => play(page, event, world),
  states: {
    loading: async (page, _, world) => {
      expect(await setup(page).getByRole('status').textContent()).toBe(TEXT.loading);
      expect(world.setupKeys.waiting(), 'the setup key is asked for').toBe(true);
    },
    loadFailed: async (page) => {
      expect(await setup(page).getByRole('alert').textContent()).toBe(TEXT.loadFailed);
      await button(page, 'Try again').waitFor();
    },
    scanning: async (page, _, world) => {
      await stepShown(page, 1);
      const qr = setup(page).getByRole('img', {
        name: 'QR code to add this account to an authenticator app',
      });
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      expect(await setup(page).getByText(world.secret, { exact: true }).count()).toBe(0);
    },
    'typingSecret.idle': async (page, _, world) => {
      await stepShown(page, 2);
      await setup(page).getByText(world.secret, { exact: true }).waitFor();
    },
    enteringCode: (page, _, world) => codeStep(page, world, false),
    verifying: (page, _, world) => codeStep(page, world, true),
    verified: (page, _, world) => closed(page, world, true),
    cancelled: (page, _, world) => closed(page, world, false),
  },
  unreachable: {
    'twoFactorSetup.typingSecret.idle on twoFactor.copy':
      'the clipboard is the browser, not the server (the jsdom view paths play copying)',
    'twoFactorSetup.typingSecret.copying on xstate.done.actor.copyText': 'the clipboard, as above',
    'twoFactorSetup.typingSecret.copying on xstate.error.actor.copyText': 'the clipboard, as above',
    'twoFactorSetup.typingSecret.copied on twoFactor.copy': 'the clipboard, as above',
    'twoFactorSetup.typingSecret.copyFailed on twoFactor.copy': 'the clipboard, as above',
    'state twoFactorSetup.typingSecret.copying': 'the clipboard, as above',
    'state twoFactorSetup.typingSecret.copied': 'the clipboard, as above',
    'state twoFactorSetup.typingSecret.copyFailed': 'the clipboard, as above',
  },
});
