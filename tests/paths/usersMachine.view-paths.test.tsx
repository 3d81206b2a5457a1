import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { InspectionEvent } from 'xstate';
import type { UserField } from '../../src/machines/users/users.events';
import { usersMachine } from '../../src/machines/users/usersMachine';
import type { UserSummary } from '#contracts';
import { storeSession } from '../support/dom/renderApp';
import { adminSession } from '../support/fixtures/switchSessions';
import {
  ADMIN,
  CREATE_FAILED,
  CREATED,
  DISABLED,
  ENTRY,
  FIELD_LABEL,
  LOAD_FAILED,
  LOADED,
  model,
  NEWBIE,
  OPERATOR,
  REQUIRED,
  refusedWith,
  rowShown,
  SWITCH_REFUSED,
  TAKEN,
  type UsersModelEvent,
} from '../support/worlds/usersPathModel';
import { refusal, unavailable, usersServer, type UsersServer } from '../support/servers/usersServer';
import { describeViewPaths, renderProduct } from '../support/paths/viewPaths';
import { dialogClosed } from '../support/worlds/accountDialogPath';
import { toastsAsExpected, toastsShown, type ToastsShown } from '../support/dom/toastsShown';

/** What the administrator did and what the server answered, and what the dialog should make of it. */
interface UsersWorld {
  user: UserEvent;
  server: UsersServer;
  toasts: ToastsShown;
  users: UserSummary[];
  draft: Record<UserField, string>;
  errors: Partial<Record<UserField, string>>;
  failure: string | null;
  pending: { username: string; disabled: boolean } | null;
  expectedRequests: string[];
  expectedToasts: string[];
  closed: boolean;
  escapes: number;
}

async function start(inspect: (event: InspectionEvent) => void): Promise<UsersWorld> {
  storeSession(adminSession);
  const world: UsersWorld = {
    user: userEvent.setup({ delay: null }),
    server: usersServer(),
    toasts: toastsShown(),
    users: [],
    draft: { username: '', email: '', role: '' },
    errors: {},
    failure: null,
    pending: null,
    expectedRequests: ['GET'],
    expectedToasts: [],
    closed: false,
    escapes: 0,
  };
  renderProduct('/', { inspect });
  await world.user.click(await screen.findByRole('button', { name: /^Account menu/ }));
  await world.user.click(await screen.findByRole('menuitem', { name: 'Users' }));
  await screen.findByRole('dialog', { name: 'Users' });
  return world;
}

const dialog = () => screen.getByRole('dialog');
const inDialog = () => within(dialog());
const button = (name: string) => inDialog().getByRole<HTMLButtonElement>('button', { name });

/** Escape and the Cancel or Close button, in turn: both leave the face the same way. */
async function leave(world: UsersWorld, buttonName: string) {
  if (world.escapes++ % 2 === 0) await world.user.keyboard('{Escape}');
  else await world.user.click(button(buttonName));
}

async function play(event: UsersModelEvent, world: UsersWorld) {
  const { user, server } = world;
  const type: string = event.type;
  switch (event.type) {
    case 'users.retry':
      await user.click(button('Try again'));
      world.expectedRequests.push('GET');
      return;
    case 'users.close':
      await leave(world, 'Close');
      world.closed = true;
      return;
    case 'users.new':
      await user.click(button('New user'));
      Object.assign(world, { draft: { username: '', email: '', role: '' }, errors: {}, failure: null });
      return;
    case 'users.edit':
      if (event.field === 'role') {
        await user.click(button('Role'));
        await user.click(await screen.findByRole('option', { name: 'Operator' }));
      } else
        await user.type(inDialog().getByRole('textbox', { name: FIELD_LABEL[event.field] }), event.value);
      world.draft[event.field] = event.value;
      delete world.errors[event.field];
      return;
    case 'users.submit': {
      await user.click(button('Create user'));
      const missing = (['username', 'email', 'role'] as const).filter((field) => world.draft[field] === '');
      // SPEC §5: nothing is sent while a field is wrong; each says why.
      if (missing.length > 0) world.errors = Object.fromEntries(missing.map((f) => [f, REQUIRED[f]]));
      else {
        world.failure = null;
        world.expectedRequests.push(`POST ${ENTRY.username} ${ENTRY.email} ${ENTRY.role}`);
      }
      return;
    }
    case 'users.cancel':
      await leave(world, 'Cancel');
      world.pending = null;
      return;
    case 'users.disable':
    case 'users.enable': {
      const disabled = event.type === 'users.disable';
      await user.click(button(`${disabled ? 'Disable' : 'Enable'} operator`));
      Object.assign(world, { pending: { username: 'operator', disabled }, failure: null });
      return;
    }
    case 'users.confirm':
      await user.click(button(world.pending!.disabled ? 'Disable' : 'Enable'));
      world.expectedRequests.push(`${world.pending!.disabled ? 'disable' : 'enable'} ${OPERATOR.id}`);
      return;
  }
  if (type === LOADED.type) {
    await server.list([ADMIN, OPERATOR]);
    world.users = [ADMIN, OPERATOR];
  } else if (type === LOAD_FAILED.type) await server.answer(unavailable());
  else if (type === CREATED.type) {
    await server.user(NEWBIE, 201);
    world.users = [ADMIN, NEWBIE, ...world.users.filter((u) => u.id !== ADMIN.id)];
    world.expectedToasts.push('newbie was created; a setup e-mail went to newbie@demo.example');
  } else if (type === TAKEN.type && refusedWith(event) === 'USERNAME_TAKEN') {
    await server.answer(refusal('USERNAME_TAKEN'));
    world.errors.username = 'Username already exists';
  } else if (type === CREATE_FAILED.type) {
    await server.answer(unavailable());
    world.failure = 'The change could not be saved, try again later';
  } else if (type === DISABLED.type) {
    // DISABLED and ENABLED are one event type: the confirmed change says which.
    const { disabled } = world.pending!;
    await server.user({ ...OPERATOR, disabled });
    world.users = world.users.map((u) => (u.id === OPERATOR.id ? { ...u, disabled } : u));
    world.expectedToasts.push(
      disabled ? 'operator is disabled and was signed out' : 'operator can sign in again',
    );
    world.pending = null;
  } else if (type === SWITCH_REFUSED.type) {
    await server.answer(refusal('GRANTS_EXCEEDED'));
    world.failure = 'You cannot give or change grants you do not hold yourself';
    world.pending = null;
  } else throw new Error(`No way to play ${type}`);
}

function sentAndSaid(world: UsersWorld) {
  expect(world.server.requests, 'the calls sent').toEqual(world.expectedRequests);
  toastsAsExpected(world);
}

/** The failure shown inside the dialog, after `before` (the role field's error is an alert too). */
function alertShown(world: UsersWorld, before: string[] = []) {
  const alerts = inDialog()
    .queryAllByRole('alert')
    .map((alert) => alert.textContent);
  expect(alerts).toEqual([...before, ...(world.failure ? [world.failure] : [])]);
}

/** The table: a row a user, by username; the own row says "You", the others offer disable or enable. */
function listShown(world: UsersWorld) {
  expect(screen.getByRole('dialog', { name: 'Users' })).toBeTruthy();
  const rows = within(inDialog().getByRole('table', { name: 'Users of this site' }))
    .getAllByRole('row')
    .slice(1);
  expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual(
    world.users.map(rowShown),
  );
  expect(inDialog().queryByRole('button', { name: 'Disable admin' })).toBeNull();
  alertShown(world);
  expect(button('New user').disabled).toBe(false);
}

function formShown(world: UsersWorld, busy: boolean) {
  expect(screen.getByRole('dialog', { name: 'New user' })).toBeTruthy();
  for (const field of ['username', 'email'] as const) {
    const input = inDialog().getByRole<HTMLInputElement>('textbox', { name: FIELD_LABEL[field] });
    expect(input.value, field).toBe(world.draft[field]);
    expect(input.disabled).toBe(busy);
    expect(input.getAttribute('aria-invalid'), field).toBe(world.errors[field] ? 'true' : null);
  }
  expect(button('Role').textContent).toBe(world.draft.role ? 'Operator' : 'Choose a role');
  const errors = (['username', 'email', 'role'] as const).flatMap((f) => world.errors[f] ?? []);
  const shown = Object.values(REQUIRED).concat('Username already exists');
  expect(shown.filter((text) => inDialog().queryByText(text))).toEqual(errors);
  alertShown(world, world.errors.role ? [world.errors.role] : []);
}

function confirmShown(world: UsersWorld, busy: boolean) {
  const verb = world.pending!.disabled ? 'Disable' : 'Enable';
  expect(screen.getByRole('dialog', { name: `${verb} operator?` })).toBeTruthy();
  const text = world.pending!.disabled
    ? 'operator is signed out everywhere and cannot sign in until enabled again.'
    : 'operator can sign in again with their password.';
  expect(inDialog().getByText(text)).toBeTruthy();
  expect(button(busy ? 'Saving…' : verb).disabled).toBe(busy);
  expect(button('Cancel').disabled).toBe(busy);
}

describeViewPaths('the administrators’ user list, played in its account dialog', usersMachine, {
  model,
  start,
  play,
  states: {
    loading: (_, world) => {
      expect(inDialog().getByRole('status').textContent).toBe('Loading the users…');
      expect(world.server.waiting(), 'the list waits for the server').toBe(true);
      sentAndSaid(world);
    },
    loadFailed: (_, world) => {
      expect(inDialog().getByRole('alert').textContent).toBe('The users could not be loaded');
      expect(button('Try again').disabled).toBe(false);
      expect(inDialog().queryByRole('table')).toBeNull();
      sentAndSaid(world);
    },
    list: (_, world) => {
      listShown(world);
      expect(world.server.waiting(), 'no call waits').toBe(false);
      sentAndSaid(world);
    },
    'creating.editing': (_, world) => {
      formShown(world, false);
      expect(button('Create user').disabled).toBe(false);
      expect(world.server.waiting(), 'no call waits').toBe(false);
      sentAndSaid(world);
    },
    'creating.sending': (_, world) => {
      formShown(world, true);
      expect(button('Creating…').disabled).toBe(true);
      expect(world.server.waiting(), 'the create waits for the server').toBe(true);
      sentAndSaid(world);
    },
    confirming: (_, world) => {
      confirmShown(world, false);
      expect(world.server.waiting(), 'no call waits').toBe(false);
      sentAndSaid(world);
    },
    switching: (_, world) => {
      confirmShown(world, true);
      expect(world.server.waiting(), 'the change waits for the server').toBe(true);
      sentAndSaid(world);
    },
    closed: (_, world) => {
      dialogClosed(world);
      expect(screen.getByRole('button', { name: /^Account menu/ })).toBeTruthy();
      sentAndSaid(world);
    },
  },
});
