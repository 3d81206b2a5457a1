import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { emptyDraft } from '../../src/machines/users/userForm';
import {
  selectPendingDisables,
  selectPendingUsername,
  selectView,
} from '../../src/machines/users/users.selectors';
import { usersMachine, type SetUserDisabled } from '../../src/machines/users/usersMachine';
import type { UsersFailure } from '../../src/services/api/users';
import type { UserCreate, UserSummary } from '#contracts';
import { accountSettings, operatorSession } from '../support/fixtures/fixtures';
import { settle } from '../support/dom/settle';

const user = (username: string, overrides: Partial<UserSummary> = {}): UserSummary => ({
  id: `id-${username}`,
  username,
  email: `${username}@demo.example`,
  role: 'operator',
  disabled: false,
  ...overrides,
});
const LIST = [user('admin', { role: 'administrator' }), user('operator'), user('secure')];
const session = { ...operatorSession, metadata: { ...operatorSession.metadata, username: 'admin' } };

function start(calls: {
  load?: () => Promise<UserSummary[]>;
  create?: (body: UserCreate) => Promise<UserSummary>;
  toggle?: (change: SetUserDisabled) => Promise<UserSummary>;
}) {
  const notify = vi.fn();
  const create = vi.fn(calls.create ?? ((body: UserCreate) => Promise.resolve(user(body.username))));
  const toggle = vi.fn(
    calls.toggle ?? ((change: SetUserDisabled) => Promise.resolve(user('operator', change))),
  );
  const actor = createActor(
    usersMachine.provide({
      actors: {
        loadUsers: fromPromise(calls.load ?? (() => Promise.resolve(LIST))),
        createUser: fromPromise(({ input }: { input: UserCreate }) => create(input)),
        setUserDisabled: fromPromise(({ input }: { input: SetUserDisabled }) => toggle(input)),
      },
      actions: { notify: (_, params) => notify(params.id, params.values) },
    }),
    { input: { session, settings: accountSettings } },
  ).start();
  const view = () => selectView(actor.getSnapshot());
  return { actor, create, toggle, notify, settle, view };
}

const refused = (code: string): UsersFailure => ({ kind: 'refused', code }) as UsersFailure;

describe('the user list machine', () => {
  it('loads the users, and may load them again after a failure', async () => {
    let fail = true;
    const { actor, settle, view } = start({
      load: () => (fail ? Promise.reject(new Error('500')) : Promise.resolve(LIST)),
    });
    await settle();
    expect(view()).toBe('loadFailed');
    fail = false;
    actor.send({ type: 'users.retry' });
    await settle();
    expect(view()).toBe('list');
    expect(actor.getSnapshot().context.users).toEqual(LIST);
    expect(actor.getSnapshot().context.self).toBe('admin');
  });

  it('sends nothing until every field is right, naming each problem', async () => {
    const { actor, create, settle } = start({});
    await settle();
    actor.send({ type: 'users.new' });
    actor.send({ type: 'users.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      username: 'users.usernameRequired',
      email: 'users.emailRequired',
      role: 'users.roleRequired',
    });
    actor.send({ type: 'users.edit', field: 'username', value: 'x'.repeat(129) });
    actor.send({ type: 'users.edit', field: 'email', value: 'not an address' });
    // Editing a field clears its error until the next submit.
    expect(actor.getSnapshot().context.errors.email).toBeUndefined();
    actor.send({ type: 'users.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      username: 'users.usernameTooLong',
      email: 'users.emailInvalid',
      role: 'users.roleRequired',
    });
    expect(create).not.toHaveBeenCalled();
  });

  it('creates a user with the trimmed fields, puts them in the list by username and says so', async () => {
    const { actor, create, notify, settle, view } = start({});
    await settle();
    actor.send({ type: 'users.new' });
    actor.send({ type: 'users.edit', field: 'username', value: '  Bob ' });
    actor.send({ type: 'users.edit', field: 'email', value: ' bob@demo.example ' });
    actor.send({ type: 'users.edit', field: 'role', value: 'administrator' });
    actor.send({ type: 'users.submit' });
    expect(view()).toBe('form');
    await settle();
    expect(create).toHaveBeenCalledWith({
      username: 'Bob',
      email: 'bob@demo.example',
      role: 'administrator',
    });
    expect(view()).toBe('list');
    expect(actor.getSnapshot().context.users.map((u) => u.username)).toEqual([
      'admin',
      'Bob',
      'operator',
      'secure',
    ]);
    expect(notify).toHaveBeenCalledWith('users.created', { username: 'Bob', email: 'Bob@demo.example' });
    // The next form starts empty.
    actor.send({ type: 'users.new' });
    expect(actor.getSnapshot().context.draft).toEqual(emptyDraft);
  });

  it('shows a taken username on its field, other refusals and failures above the form', async () => {
    const answers = [refused('USERNAME_TAKEN'), refused('GRANTS_EXCEEDED'), new Error('offline')];
    const { actor, settle, view } = start({ create: () => Promise.reject(answers.shift()) });
    await settle();
    actor.send({ type: 'users.new' });
    actor.send({ type: 'users.edit', field: 'username', value: 'operator' });
    actor.send({ type: 'users.edit', field: 'email', value: 'o@demo.example' });
    actor.send({ type: 'users.edit', field: 'role', value: 'operator' });
    const context = () => actor.getSnapshot().context;
    actor.send({ type: 'users.submit' });
    await settle();
    expect(view()).toBe('form');
    expect(context().errors.username).toBe('users.usernameTaken');
    expect(context().failure).toBeNull();
    actor.send({ type: 'users.submit' });
    await settle();
    expect(context().failure).toBe('users.grantsExceeded');
    actor.send({ type: 'users.submit' });
    await settle();
    expect(context().failure).toBe('users.saveFailed');
    actor.send({ type: 'users.cancel' });
    expect(view()).toBe('list');
  });

  it('disables or enables a user only once confirmed, and says when the server refused', async () => {
    const answers: (() => Promise<UserSummary>)[] = [
      () => Promise.resolve(user('operator', { disabled: true })),
      () => Promise.reject(refused('CANNOT_DISABLE_SELF')),
    ];
    const { actor, toggle, notify, settle, view } = start({ toggle: () => answers.shift()!() });
    await settle();
    actor.send({ type: 'users.disable', id: 'id-operator' });
    expect(view()).toBe('confirm');
    expect(selectPendingUsername(actor.getSnapshot())).toBe('operator');
    expect(selectPendingDisables(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'users.cancel' });
    expect(toggle).not.toHaveBeenCalled();
    expect(selectPendingUsername(actor.getSnapshot())).toBe('');

    actor.send({ type: 'users.disable', id: 'id-operator' });
    actor.send({ type: 'users.confirm' });
    await settle();
    expect(toggle).toHaveBeenCalledWith({ id: 'id-operator', disabled: true });
    expect(actor.getSnapshot().context.users.find((u) => u.id === 'id-operator')?.disabled).toBe(true);
    expect(notify).toHaveBeenCalledWith('users.disabled', { username: 'operator' });

    actor.send({ type: 'users.enable', id: 'id-operator' });
    expect(selectPendingDisables(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'users.confirm' });
    await settle();
    expect(view()).toBe('list');
    expect(actor.getSnapshot().context.failure).toBe('users.cannotDisableSelf');
  });

  it('ends with an empty output when closed', async () => {
    const { actor, settle } = start({});
    await settle();
    actor.send({ type: 'users.close' });
    await expect(toPromise(actor)).resolves.toEqual({});
  });
});
