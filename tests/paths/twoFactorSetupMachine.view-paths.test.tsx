import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createElement } from 'react';
import * as v from 'valibot';
import { expect, vi } from 'vitest';
import { createMachine, type InspectionEvent } from 'xstate';
import { provideTwoFactorSetup } from '../../src/machines/twoFactorSetup/provideTwoFactorSetup';
import { twoFactorSetupMachine } from '../../src/machines/twoFactorSetup/twoFactorSetupMachine';
import { createAppServices } from '../../src/services/appServices';
import {
  ErrorBody,
  LOCKED_MESSAGE_HEADER,
  TWO_FACTOR_ERRORS,
  TwoFactorCodeQuery,
  TwoFactorSetupKey,
  TwoFactorVerifyBody,
} from '#contracts';
import { TwoFactorSetupHost } from '../../src/ui/accountDialogs/twoFactor/TwoFactorSetupHost';
import { AppActor } from '../../src/ui/appActor';
import { I18nProvider } from '../../src/ui/i18n';
import type { ModelOptions } from '../support/paths/coveringPaths';
import { fakeSocketFactory } from '../support/fakes/fakeSocket';
import { modelEvents } from '../support/paths/modelEvents';
import { describeViewPaths } from '../support/paths/viewPaths';
import { server } from '../ui/setup';
import { SYSTEM_IDS } from '../../src/machines/systemIds';

type SetupModelEvent = Parameters<typeof twoFactorSetupMachine.transition>[1];

// A real 1×1 PNG: the view shows whatever image the server drew.
const KEY = v.parse(TwoFactorSetupKey, {
  secret: 'KRSXG5CTMVRXEZLUKN2XAZLSKNSWG4TF',
  qrCode:
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
});
const LOCKED = 'Too many failed sign-in attempts. Try again in 15 minutes (after 03:25 UTC).';
const TEXT = {
  title: 'Two-factor authentication',
  loading: 'Preparing the setup…',
  loadFailed: 'The QR code could not be loaded. Two-factor authentication stays off.',
  copied: 'The secret key was copied to the clipboard',
  copyFailed: 'The secret key could not be copied; select it and copy it by hand',
  format: 'Security code must be exactly 6 digits',
  verifyFailed: 'The code could not be checked, try again later',
};

const { done, failed } = modelEvents<typeof twoFactorSetupMachine>();
const LOADED = done('fetchSetupKey', KEY);
const LOAD_FAILED = failed('fetchSetupKey');
const COPIED = done('copyText');
const COPY_FAILED = failed('copyText');
const ACCEPTED = done('verifyCode');
const WRONG = failed('verifyCode', { kind: 'codeInvalid' });
const LOCKED_OUT = failed('verifyCode', { kind: 'locked', message: LOCKED });
const BROKEN = failed('verifyCode', { kind: 'unavailable' });
/** The server's throttle of codes per network: 429 with Retry-After in seconds. */
const THROTTLED = failed('verifyCode', { kind: 'throttled', minutes: 2 });
const THROTTLED_TEXT = 'Too many requests from your network. Try again in 2 minutes.';
/** The failures of the same call share their event type; what the server answered tells them apart. */
const failureKind = (event: { error?: unknown }) => (event.error as { kind?: string } | undefined)?.kind;

/** The events a user (or the server, or the clipboard) can cause in each state. */
const OFFERED: Record<string, readonly string[]> = {
  loading: [LOADED.type, 'twoFactor.cancel'],
  loadFailed: ['twoFactor.retry', 'twoFactor.cancel'],
  scanning: ['twoFactor.next', 'twoFactor.cancel'],
  'typingSecret.copying': [COPIED.type],
  typingSecret: ['twoFactor.copy', 'twoFactor.next', 'twoFactor.back', 'twoFactor.cancel'],
  enteringCode: ['twoFactor.editCode', 'twoFactor.submit', 'twoFactor.back', 'twoFactor.cancel'],
  verifying: [ACCEPTED.type],
};

/** The e-mail address the settings dialog holds: sent with the code, to be linked with it. */
const EMAIL = 'ops@example.com';

const model: ModelOptions<typeof twoFactorSetupMachine> = {
  input: { email: EMAIL },
  events: [
    LOADED,
    LOAD_FAILED,
    { type: 'twoFactor.retry' },
    { type: 'twoFactor.next' },
    { type: 'twoFactor.back' },
    { type: 'twoFactor.copy' },
    COPIED,
    COPY_FAILED,
    { type: 'twoFactor.editCode', value: '12a' },
    { type: 'twoFactor.editCode', value: '123456' },
    { type: 'twoFactor.submit' },
    ACCEPTED,
    WRONG,
    LOCKED_OUT,
    BROKEN,
    THROTTLED,
    { type: 'twoFactor.cancel' },
  ],
  serializeState: (s) => JSON.stringify({ value: s.value, code: s.context.code, error: s.context.codeError }),
  filterEvents: (s, e) => {
    // The leaf for a pending copy, the top state otherwise.
    const top = typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]!;
    const state = s.matches({ typingSecret: 'copying' }) ? 'typingSecret.copying' : top;
    if (!state || !OFFERED[state]) return false;
    // A failure is offered wherever its success is (the same pending call).
    const offered = OFFERED[state]!.flatMap((type) =>
      type.startsWith('xstate.done.') ? [type, type.replace('done', 'error')] : [type],
    );
    if (!offered.includes(e.type)) return false;
    return e.type !== 'twoFactor.editCode' || e.value !== s.context.code;
  },
};

/** What the user did and saw, what the server and the clipboard were asked, and how the setup ended. */
interface SetupWorld {
  user: UserEvent;
  typed: string;
  codeError: string | null;
  copyStatus: string;
  /** The call waiting for its answer: the GET, the POST, or the clipboard. */
  respond: ((answer: Response | Error | null) => void) | null;
  verified: { code: string; secret: string; email: string | null }[];
  copiedTexts: string[];
  results: unknown[];
  cancels: number;
}

/** Test scaffolding: stands for the account settings dialog's machine, which runs the setup nested in the app. */
function scaffold(world: SetupWorld) {
  const services = createAppServices(window.location.origin, fakeSocketFactory().factory);
  const setupLogic = provideTwoFactorSetup({
    api: services.api,
    clipboard: {
      copyText: (text) =>
        new Promise<void>((resolve, reject) => {
          world.copiedTexts.push(text);
          world.respond = (answer) => (answer instanceof Error ? reject(answer) : resolve());
        }),
    },
  });
  const settings = createMachine({
    id: 'settingsScaffold',
    initial: 'settingUp',
    states: {
      settingUp: {
        invoke: {
          src: setupLogic,
          systemId: SYSTEM_IDS.twoFactorSetup,
          input: { email: EMAIL },
          onDone: { target: 'editing', actions: ({ event }) => world.results.push(event.output) },
        },
      },
      editing: {},
    },
  });
  return createMachine({ id: 'appScaffold', invoke: { src: settings } });
}

async function start(inspect: (event: InspectionEvent) => void): Promise<SetupWorld> {
  const world: SetupWorld = {
    user: userEvent.setup({ delay: null }),
    typed: '',
    codeError: null,
    copyStatus: '',
    respond: null,
    verified: [],
    copiedTexts: [],
    results: [],
    cancels: 0,
  };
  // A Response is sent as it is; anything else stands for the server failing.
  const asResponse = (answer: Response | Error | null) => {
    if (answer instanceof Response) return answer;
    return HttpResponse.json(
      v.parse(ErrorBody, { statusCode: 500, code: 'INTERNAL', error: 'Internal Server Error', message: 'x' }),
      { status: 500 },
    );
  };
  server.use(
    http.get(
      '*/api/v2/account/settings/2fa',
      () => new Promise((resolve) => (world.respond = (a) => resolve(asResponse(a)))),
    ),
    http.post('*/api/v2/account/verify-2fa', async ({ request }) => {
      const { code } = v.parse(TwoFactorCodeQuery, Object.fromEntries(new URL(request.url).searchParams));
      const { secret, email } = v.parse(TwoFactorVerifyBody, await request.json());
      world.verified.push({ code, secret, email });
      return new Promise((resolve) => (world.respond = (a) => resolve(asResponse(a))));
    }),
  );
  render(
    createElement(AppActor.Provider, {
      logic: scaffold(world) as never,
      options: { inspect },
      children: createElement(I18nProvider, { locale: 'en', children: createElement(TwoFactorSetupHost) }),
    }),
  );
  await screen.findByRole('dialog', { name: TEXT.title });
  return world;
}

async function answer(world: SetupWorld, reply: Response | Error | null) {
  await vi.waitFor(() => expect(world.respond, 'a call waits for its answer').not.toBeNull());
  const respond = world.respond!;
  world.respond = null;
  respond(reply);
}

const coded = (
  status: number,
  code: keyof typeof TWO_FACTOR_ERRORS | 'ACCOUNT_LOCKED' | 'TOO_MANY_ATTEMPTS',
  headers = {},
) =>
  HttpResponse.json(v.parse(ErrorBody, { statusCode: status, code, error: 'Refused', message: 'refused' }), {
    status,
    headers,
  });

const dialog = () => within(screen.getByRole('dialog', { name: TEXT.title }));
const button = (name: string) => dialog().getByRole<HTMLButtonElement>('button', { name });
const codeField = () => dialog().getByLabelText<HTMLInputElement>('Security code');

/** The button each of these events presses: a step or a copy drops what the last copy said. */
const PRESSED = {
  'twoFactor.next': 'Next',
  'twoFactor.back': 'Back',
  'twoFactor.copy': 'Copy the secret key',
};

async function play(event: SetupModelEvent, world: SetupWorld) {
  const { user } = world;
  const type: string = event.type;
  switch (event.type) {
    case 'twoFactor.retry':
      await user.click(button('Try again'));
      return;
    case 'twoFactor.next':
    case 'twoFactor.back':
    case 'twoFactor.copy':
      await user.click(button(PRESSED[event.type]));
      world.copyStatus = '';
      return;
    case 'twoFactor.editCode':
      await user.clear(codeField());
      await user.type(codeField(), event.value);
      Object.assign(world, { typed: event.value, codeError: null });
      return;
    case 'twoFactor.submit':
      // Enter in the field, as a user who typed the code does.
      await user.type(codeField(), '{Enter}');
      world.codeError = /^\d{6}$/.test(world.typed) ? null : TEXT.format;
      return;
    case 'twoFactor.cancel':
      if (world.cancels++ % 2 === 0) await user.click(button('Cancel'));
      else await user.keyboard('{Escape}');
      return;
  }
  if (type === LOADED.type) await answer(world, HttpResponse.json(KEY));
  else if (type === LOAD_FAILED.type) await answer(world, null);
  else if (type === COPIED.type) {
    await answer(world, null);
    world.copyStatus = TEXT.copied;
  } else if (type === COPY_FAILED.type) {
    await answer(world, new Error('denied'));
    world.copyStatus = TEXT.copyFailed;
  } else if (type === ACCEPTED.type) await answer(world, new HttpResponse(null, { status: 204 }));
  else if (type === WRONG.type && failureKind(event) === 'codeInvalid') {
    await answer(world, coded(400, 'TWO_FACTOR_CODE_INVALID'));
    world.codeError = TWO_FACTOR_ERRORS.TWO_FACTOR_CODE_INVALID;
  } else if (type === LOCKED_OUT.type && failureKind(event) === 'locked') {
    await answer(world, coded(423, 'ACCOUNT_LOCKED', { [LOCKED_MESSAGE_HEADER]: LOCKED }));
    world.codeError = LOCKED;
  } else if (type === THROTTLED.type && failureKind(event) === 'throttled') {
    await answer(world, coded(429, 'TOO_MANY_ATTEMPTS', { 'Retry-After': '120' }));
    world.codeError = THROTTLED_TEXT;
  } else if (type === BROKEN.type) {
    await answer(world, null);
    world.codeError = TEXT.verifyFailed;
  } else throw new Error(`No way to play ${type}`);
}

function stepShown(step: number) {
  const steps = dialog().getByRole('list', { name: `Step ${step} of 3` });
  const current = within(steps)
    .getAllByRole('listitem')
    .findIndex((item) => item.getAttribute('aria-current') === 'step');
  expect(current + 1).toBe(step);
}

function secretStep(world: SetupWorld, copying: boolean) {
  stepShown(2);
  expect(dialog().getByText(KEY.secret)).toBeTruthy();
  expect(button('Copy the secret key').disabled).toBe(copying);
  expect(dialog().getByRole('status').textContent).toBe(world.copyStatus);
  if (copying) expect(world.copiedTexts.at(-1)).toBe(KEY.secret);
}

function codeStep(world: SetupWorld) {
  stepShown(3);
  expect(codeField().value).toBe(world.typed);
  const refusals = [
    TEXT.format,
    TEXT.verifyFailed,
    LOCKED,
    THROTTLED_TEXT,
    TWO_FACTOR_ERRORS.TWO_FACTOR_CODE_INVALID,
  ];
  for (const text of refusals)
    expect(dialog().queryByText(text) !== null, text).toBe(world.codeError === text);
}

function closed(world: SetupWorld, enabled: boolean) {
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(world.results).toEqual([{ enabled }]);
}

describeViewPaths('two-factor setup, played on its dialog', twoFactorSetupMachine, {
  model,
  start,
  play,
  states: {
    loading: (_, world) => {
      expect(dialog().getByRole('status').textContent).toBe(TEXT.loading);
      expect(world.respond, 'the setup key is asked for').not.toBeNull();
    },
    loadFailed: () => {
      expect(dialog().getByRole('alert').textContent).toBe(TEXT.loadFailed);
      expect(button('Try again')).toBeTruthy();
    },
    scanning: () => {
      stepShown(1);
      const image = dialog().getByRole<HTMLImageElement>('img', {
        name: 'QR code to add this account to an authenticator app',
      });
      expect(image.getAttribute('src')).toBe(KEY.qrCode);
      expect(dialog().queryByText(KEY.secret)).toBeNull();
    },
    'typingSecret.idle': (_, world) => secretStep(world, false),
    'typingSecret.copying': (_, world) => secretStep(world, true),
    'typingSecret.copied': (_, world) => secretStep(world, false),
    'typingSecret.copyFailed': (_, world) => secretStep(world, false),
    enteringCode: (_, world) => {
      codeStep(world);
      expect(button('Verify').disabled).toBe(false);
      expect(world.respond, 'no call left unanswered').toBeNull();
    },
    verifying: (_, world) => {
      codeStep(world);
      expect(button('Verifying…').disabled).toBe(true);
      expect(world.verified.at(-1)).toEqual({ code: world.typed, secret: KEY.secret, email: EMAIL });
    },
    verified: (_, world) => closed(world, true),
    cancelled: (_, world) => closed(world, false),
  },
});
