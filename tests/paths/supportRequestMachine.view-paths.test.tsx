import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { supportRequestMachine } from '../../src/machines/supportRequest/supportRequestMachine';
import {
  DEFAULT_ACCOUNT_SETTINGS,
  ErrorBody,
  SupportReceipt,
  SupportRequest,
  SupportRequestQuery,
  type SupportKind,
} from '#contracts';
import { storeSession } from '../support/dom/renderApp';
import type { ModelOptions } from '../support/paths/coveringPaths';
import { operatorSession } from '../support/fixtures/fixtures';
import { modelEvents } from '../support/paths/modelEvents';
import { describeViewPaths, renderProduct } from '../support/paths/viewPaths';
import { server } from '../ui/setup';
import { toastsAsExpected, toastsShown, type ToastsShown } from '../support/dom/toastsShown';
import { answerHeld } from '../support/servers/heldRequests';
import { accountSettingsHandler } from '../support/servers/apiHandlers';

type SupportModelEvent = Parameters<typeof supportRequestMachine.transition>[1];
const { done, failed } = modelEvents<typeof supportRequestMachine>();
const SENT = done('sendRequest', { id: 'request-1', status: 'OPEN' });
const LIMITED = failed('sendRequest', { kind: 'limitReached' });
const FAILED = failed('sendRequest', { kind: 'unavailable' });

/** The operator's settings hold no e-mail: the form starts without one, so no copy can be asked for yet. */
const ADDRESS = 'ops@store101.example';
const TITLE: Record<SupportKind, string> = { bugReport: 'Report a bug', featureRequest: 'Request a feature' };
const PATH: Record<SupportKind, string> = { bugReport: 'bug-report', featureRequest: 'feature-request' };
const FIELD = { title: 'Title', description: 'Description', email: 'E-mail (optional)' } as const;
const TEXT = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  emailInvalid: 'Email is invalid',
  sent: 'Thank you, your message was sent to support',
  limited: 'You have sent many messages this hour, try again later',
  failed: 'Your message could not be sent, try again later',
};

const model: ModelOptions<typeof supportRequestMachine> = {
  input: { session: operatorSession, settings: { ...DEFAULT_ACCOUNT_SETTINGS, email: null } },
  events: [
    { type: 'support.edit', field: 'title', value: 'Door alarm stays red' },
    { type: 'support.edit', field: 'description', value: 'Case 3 after the door closed' },
    { type: 'support.edit', field: 'email', value: '' },
    { type: 'support.edit', field: 'email', value: 'ops@' },
    { type: 'support.edit', field: 'email', value: ADDRESS },
    { type: 'support.copyToggled', value: false },
    { type: 'support.copyToggled', value: true },
    { type: 'support.submit' },
    { type: 'support.cancel' },
    SENT,
    LIMITED,
    FAILED,
  ],
  serializeState: (s) => JSON.stringify({ value: s.value, context: s.context }),
  // While sending the user waits; in the form, only what the view lets them do and what changes something (the
  // box is disabled without an e-mail).
  filterEvents: (s, e) => {
    const type: string = e.type;
    if (s.matches('sending')) return type.startsWith('xstate.');
    if (type.startsWith('xstate.')) return false;
    if (e.type === 'support.edit') return s.context[e.field] !== e.value;
    if (e.type === 'support.copyToggled')
      return s.context.email.trim() !== '' && s.context.sendMeACopy !== e.value;
    return true;
  },
};

interface Sent {
  path: string;
  body: v.InferOutput<typeof SupportRequest>;
  sendMeACopy: boolean;
}

/** What the operator typed and what the server received and answered (SPEC §5, §7, §8). */
interface SupportWorld {
  user: UserEvent;
  kind: SupportKind;
  toasts: ToastsShown;
  fields: { title: string; description: string; email: string };
  copy: boolean;
  errors: string[];
  alert: string | null;
  sent: Sent[];
  expectedSent: Sent[];
  expectedToasts: string[];
  respond: ((response: Response) => void) | null;
  dialog: 'open' | 'sent' | 'cancelled';
}

let pathsStarted = 0;

async function start(inspect: (event: InspectionEvent) => void): Promise<SupportWorld> {
  storeSession(operatorSession);
  const world: SupportWorld = {
    user: userEvent.setup({ delay: null }),
    // Every other path is a feature request: the same form, another title and call.
    kind: pathsStarted++ % 2 === 0 ? 'bugReport' : 'featureRequest',
    toasts: toastsShown(),
    fields: { title: '', description: '', email: '' },
    copy: true,
    errors: [],
    alert: null,
    sent: [],
    expectedSent: [],
    expectedToasts: [],
    respond: null,
    dialog: 'open',
  };
  server.use(
    accountSettingsHandler({ email: null }),
    http.post('*/api/v2/support/:path', async ({ request, params }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      world.sent.push({
        path: String(params.path),
        body: v.parse(SupportRequest, await request.json()),
        sendMeACopy: v.parse(SupportRequestQuery, query).sendMeACopy,
      });
      return new Promise<Response>((resolve) => (world.respond = resolve));
    }),
  );
  renderProduct('/', { inspect });
  await world.user.click(await screen.findByRole('button', { name: /^Account menu/ }));
  await world.user.click(await screen.findByRole('menuitem', { name: TITLE[world.kind] }));
  await screen.findByRole('dialog', { name: TITLE[world.kind] });
  return world;
}

const inDialog = (world: SupportWorld) => within(screen.getByRole('dialog', { name: TITLE[world.kind] }));
const field = (world: SupportWorld, name: keyof typeof FIELD) =>
  inDialog(world).getByLabelText<HTMLInputElement | HTMLTextAreaElement>(FIELD[name]);
const copyBox = (world: SupportWorld) =>
  inDialog(world).getByRole<HTMLInputElement>('checkbox', { name: 'Send me a copy' });

const errorAnswer = (statusCode: number, code: string) =>
  HttpResponse.json(v.parse(ErrorBody, { statusCode, code, error: code, message: code }), {
    status: statusCode,
  });

/** SPEC §5: title and description required, the e-mail valid when given. */
function formErrors({ fields }: SupportWorld): string[] {
  const email = fields.email.trim();
  return [
    ...(fields.title.trim() ? [] : [TEXT.titleRequired]),
    ...(fields.description.trim() ? [] : [TEXT.descriptionRequired]),
    ...(email && !v.is(SupportRequest.entries.email, email) ? [TEXT.emailInvalid] : []),
  ];
}

const FIELD_ERROR = {
  title: TEXT.titleRequired,
  description: TEXT.descriptionRequired,
  email: TEXT.emailInvalid,
};

async function play(event: SupportModelEvent, world: SupportWorld) {
  const { user } = world;
  const type: string = event.type;
  switch (event.type) {
    case 'support.edit': {
      await user.clear(field(world, event.field));
      if (event.value) await user.type(field(world, event.field), event.value);
      world.fields[event.field] = event.value;
      world.errors = world.errors.filter((error) => error !== FIELD_ERROR[event.field]);
      return;
    }
    case 'support.copyToggled':
      await user.click(copyBox(world));
      world.copy = event.value;
      return;
    case 'support.submit': {
      await user.click(inDialog(world).getByRole('button', { name: 'Send' }));
      world.errors = formErrors(world);
      if (world.errors.length > 0) return;
      const email = world.fields.email.trim();
      world.alert = null;
      world.expectedSent.push({
        path: PATH[world.kind],
        body: {
          title: world.fields.title,
          description: world.fields.description,
          ...(email ? { email } : {}),
          status: 'OPEN',
        },
        sendMeACopy: world.copy && email !== '',
      });
      return;
    }
    case 'support.cancel':
      await user.click(inDialog(world).getByRole('button', { name: 'Cancel' }));
      world.dialog = 'cancelled';
      return;
  }
  if (type === SENT.type) {
    await answerHeld(
      world,
      HttpResponse.json(v.parse(SupportReceipt, { id: 'r-1', status: 'OPEN' }), { status: 201 }),
    );
    world.dialog = 'sent';
    world.expectedToasts.push(TEXT.sent);
  } else if (type === FAILED.type) {
    // The failure the model names: the sending limit (429), or the server failing (500).
    const limited = (event as { error?: { kind?: string } }).error?.kind === 'limitReached';
    await answerHeld(
      world,
      limited ? errorAnswer(429, 'SUPPORT_LIMIT_REACHED') : errorAnswer(500, 'INTERNAL'),
    );
    world.alert = limited ? TEXT.limited : TEXT.failed;
  } else throw new Error(`No way to play ${type}`);
}

function sentAndSaid(world: SupportWorld) {
  expect(world.sent, 'the requests sent').toEqual(world.expectedSent);
  toastsAsExpected(world);
}

/** The form as the operator left it: the texts, the copy box, the messages. */
function formShown(world: SupportWorld, disabled: boolean) {
  expect(world.dialog, 'where the path leaves the dialog').toBe('open');
  for (const name of ['title', 'description', 'email'] as const) {
    expect(field(world, name).value, name).toBe(world.fields[name]);
    expect(field(world, name).disabled, `${name} disabled`).toBe(disabled);
  }
  for (const error of Object.values(FIELD_ERROR))
    expect(inDialog(world).queryByText(error) !== null, error).toBe(world.errors.includes(error));
  const withEmail = world.fields.email.trim() !== '';
  expect(copyBox(world).checked, 'send me a copy').toBe(world.copy && withEmail);
  expect(copyBox(world).disabled, 'send me a copy disabled').toBe(disabled || !withEmail);
  const hint = 'Give an e-mail address to receive a copy.';
  expect(inDialog(world).queryByText(hint) !== null, 'the hint of the disabled box').toBe(!withEmail);
  expect(inDialog(world).queryByRole('alert')?.textContent ?? null, 'the send failure').toBe(
    disabled ? null : world.alert,
  );
  sentAndSaid(world);
}

function dialogClosed(world: SupportWorld, how: SupportWorld['dialog']) {
  expect(world.dialog).toBe(how);
  expect(screen.queryByRole('dialog', { name: TITLE[world.kind] })).toBeNull();
  expect(world.respond, 'no request waits').toBeNull();
  sentAndSaid(world);
}

describeViewPaths('bug report and feature request, played in their dialog', supportRequestMachine, {
  model,
  start,
  play,
  states: {
    editing: (_, world) => {
      formShown(world, false);
      expect(inDialog(world).getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(false);
      expect(inDialog(world).getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(false);
      expect(world.respond, 'no request waits').toBeNull();
    },
    sending: (_, world) => {
      formShown(world, true);
      expect(inDialog(world).getByRole<HTMLButtonElement>('button', { name: 'Sending…' }).disabled).toBe(
        true,
      );
      expect(inDialog(world).getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true);
      expect(world.respond, 'the request waits for the server').not.toBeNull();
    },
    sent: (_, world) => dialogClosed(world, 'sent'),
    cancelled: (_, world) => dialogClosed(world, 'cancelled'),
  },
});
