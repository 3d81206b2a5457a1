import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { UserField } from '../../../src/machines/users/users.events';
import { usersMachine } from '../../../src/machines/users/usersMachine';
import type { UserSummary } from '#contracts';
import type { ModelOptions } from '../../support/paths/coveringPaths';
import {
  CREATE_FAILED,
  CREATED,
  DISABLED,
  LOAD_FAILED,
  LOADED,
  model as jsdomModel,
  REQUIRED,
  rowShown,
  SWITCH_REFUSED,
  TAKEN,
  type UsersModelEvent,
} from '../../support/worlds/usersPathModel';
import { tenantUrl } from '../support/browser';
import { apiCall, openSignedIn } from '../support/pathSession';
import { newPathUser, pathAdmin } from '../support/pathUsers';
import { describeServerPaths, holdRequests, recordToasts, toastsShown } from '../support/serverPaths';

/**
 * The administrators' user list against the real server, signed in as the demo administrator. The model is the
 * jsdom paths' (usersPathModel.ts): its operator is a user of the path's own, made through the API, whom the path
 * disables and enables; its newbie is a fresh name. A taken username is one another administrator creates first,
 * through the API, while the form's request waits; a failure is the request dropped, as a lost connection would.
 */
const model: ModelOptions<typeof usersMachine> = {
  ...jsdomModel,
  // The server keeps a name taken: the form is not sent again once it said so.
  filterEvents: (s, e) =>
    jsdomModel.filterEvents!(s, e) &&
    !(e.type === 'users.submit' && s.context.errors.username === 'users.usernameTaken'),
};

const USERS_API = /\/api\/v2\/admin\/users$/;
const SWITCH_API = /\/api\/v2\/admin\/users\/[^/]+\/(disable|enable)$/;
const TEXT = {
  loadFailed: 'The users could not be loaded',
  saveFailed: 'The change could not be saved, try again later',
  taken: 'Username already exists',
};
const LABEL: Record<UserField, string> = { username: 'Username', email: 'E-mail', role: 'Role' };

let made = 0;

interface UsersWorld {
  /** The path's own user, in the model's operator's place. */
  target: { id: string; username: string };
  entry: Record<UserField, string>;
  /** The list the dialog should show: the server's at load, then what the dialog was told since. */
  users: UserSummary[];
  draft: Record<UserField, string>;
  errors: Partial<Record<UserField, string>>;
  failure: string | null;
  pending: { disabled: boolean } | null;
  toasts: string[];
  closed: boolean;
  loads: Awaited<ReturnType<typeof holdRequests>>;
  creates: Awaited<ReturnType<typeof holdRequests>>;
  switches: Awaited<ReturnType<typeof holdRequests>>;
}

const byUsername = (a: UserSummary, b: UserSummary) =>
  a.username.toLowerCase() < b.username.toLowerCase() ? -1 : 1;

async function serverUsers(): Promise<UserSummary[]> {
  const answer = await apiCall<UserSummary[]>('demo', await pathAdmin(), 'GET', '/api/v2/admin/users');
  return answer.body;
}

async function start(page: Page): Promise<UsersWorld> {
  const { id, username } = await newPathUser();
  const newbie = `newbie-${++made}-${Date.now().toString(36)}`;
  await openSignedIn(page, await pathAdmin());
  await recordToasts(page);
  const world: UsersWorld = {
    target: { id, username },
    entry: { username: newbie, email: `${newbie}@demo.example`, role: 'operator' },
    users: [],
    draft: { username: '', email: '', role: '' },
    errors: {},
    failure: null,
    pending: null,
    toasts: [],
    closed: false,
    loads: await holdRequests(page, USERS_API, 'GET'),
    creates: await holdRequests(page, USERS_API, 'POST'),
    switches: await holdRequests(page, SWITCH_API, 'POST'),
  };
  await page.goto(tenantUrl('demo', '/'));
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await page.getByRole('dialog', { name: 'Users' }).waitFor({ state: 'attached' });
  return world;
}

const dialog = (page: Page) => page.getByRole('dialog');
const button = (page: Page, name: string) => dialog(page).getByRole('button', { name, exact: true });

/** The user as the dialog now lists them, in their place. */
function listed(world: UsersWorld, user: UserSummary) {
  world.users = [...world.users.filter((u) => u.id !== user.id), user].sort(byUsername);
}

async function play(page: Page, event: UsersModelEvent, world: UsersWorld) {
  const type: string = event.type;
  switch (event.type) {
    case 'users.retry':
      return button(page, 'Try again').click();
    case 'users.close':
      await button(page, 'Close').click();
      world.closed = true;
      return;
    case 'users.new':
      await button(page, 'New user').click();
      Object.assign(world, { draft: { username: '', email: '', role: '' }, errors: {}, failure: null });
      return;
    case 'users.edit':
      if (event.field === 'role') {
        await button(page, 'Role').click();
        await page.getByRole('option', { name: 'Operator' }).click();
      } else
        await dialog(page).getByRole('textbox', { name: LABEL[event.field] }).fill(world.entry[event.field]);
      world.draft[event.field] = world.entry[event.field];
      delete world.errors[event.field];
      return;
    case 'users.submit': {
      await button(page, 'Create user').click();
      const missing = (['username', 'email', 'role'] as const).filter((field) => world.draft[field] === '');
      if (missing.length > 0) world.errors = Object.fromEntries(missing.map((f) => [f, REQUIRED[f]]));
      else world.failure = null;
      return;
    }
    case 'users.cancel':
      await button(page, 'Cancel').click();
      world.pending = null;
      return;
    case 'users.disable':
    case 'users.enable': {
      const disabled = event.type === 'users.disable';
      await button(page, `${disabled ? 'Disable' : 'Enable'} ${world.target.username}`).click();
      Object.assign(world, { pending: { disabled }, failure: null });
      return;
    }
    case 'users.confirm':
      return button(page, world.pending!.disabled ? 'Disable' : 'Enable').click();
  }
  if (type === LOADED.type) {
    await world.loads.release();
    world.users = await serverUsers();
  } else if (type === LOAD_FAILED.type) await world.loads.fail();
  else if (type === CREATED.type) {
    await world.creates.release();
    let created: UserSummary | undefined;
    const stored = async () =>
      (created = (await serverUsers()).find((u) => u.username === world.entry.username));
    await expect.poll(stored).toBeDefined();
    listed(world, created!);
    world.toasts.push(`${world.entry.username} was created; a setup e-mail went to ${world.entry.email}`);
  } else if (event === TAKEN) {
    // Another administrator, in another tab, creates the same name first.
    const { entry } = world;
    const made = await apiCall('demo', await pathAdmin(), 'POST', '/api/v2/admin/users', entry);
    expect(made.status, 'the name is taken first').toBe(201);
    await world.creates.release();
    world.errors.username = TEXT.taken;
  } else if (event === CREATE_FAILED) {
    await world.creates.fail();
    world.failure = TEXT.saveFailed;
  } else if (type === DISABLED.type) {
    const { disabled } = world.pending!;
    await world.switches.release();
    listed(world, { ...world.users.find((u) => u.id === world.target.id)!, disabled });
    const { username } = world.target;
    world.toasts.push(
      disabled ? `${username} is disabled and was signed out` : `${username} can sign in again`,
    );
    world.pending = null;
  } else if (event === SWITCH_REFUSED) {
    // The administrator holds every grant, so the server has no refusal to give: the request is dropped instead.
    await world.switches.fail();
    world.failure = TEXT.saveFailed;
    world.pending = null;
  } else throw new Error(`No way to play ${type}`);
}

const alerts = (page: Page) => dialog(page).getByRole('alert').allTextContents();

async function listShown(page: Page, world: UsersWorld) {
  await page.getByRole('dialog', { name: 'Users' }).waitFor({ state: 'attached' });
  const table = dialog(page).getByRole('table', { name: 'Users of this site' });
  const rows = await table.evaluate((node) =>
    Array.from(node.querySelectorAll('tbody tr'), (row) =>
      Array.from(row.children, (cell) => cell.textContent),
    ),
  );
  expect(rows).toEqual(world.users.map(rowShown));
  expect(await alerts(page)).toEqual(world.failure ? [world.failure] : []);
  // What the server holds of the path's user is what the list says.
  const stored = (await serverUsers()).find((u) => u.id === world.target.id)!;
  expect(stored.disabled).toBe(world.users.find((u) => u.id === world.target.id)!.disabled);
}

async function formShown(page: Page, world: UsersWorld, busy: boolean) {
  await page.getByRole('dialog', { name: 'New user' }).waitFor({ state: 'attached' });
  for (const field of ['username', 'email'] as const) {
    const input = dialog(page).getByRole('textbox', { name: LABEL[field] });
    expect(await input.inputValue(), field).toBe(world.draft[field]);
    expect(await input.isDisabled()).toBe(busy);
  }
  expect(await button(page, 'Role').textContent()).toBe(world.draft.role ? 'Operator' : 'Choose a role');
  const errors = (['username', 'email', 'role'] as const).flatMap((f) => world.errors[f] ?? []);
  for (const text of [...Object.values(REQUIRED), TEXT.taken])
    expect(await dialog(page).getByText(text).count(), text).toBe(errors.includes(text) ? 1 : 0);
  const roleError = world.errors.role ? [world.errors.role] : [];
  expect(await alerts(page)).toEqual([...roleError, ...(world.failure ? [world.failure] : [])]);
  expect(world.creates.waiting(), 'the create waits for the server').toBe(busy);
}

async function confirmShown(page: Page, world: UsersWorld, busy: boolean) {
  const { username } = world.target;
  const verb = world.pending!.disabled ? 'Disable' : 'Enable';
  await page.getByRole('dialog', { name: `${verb} ${username}?` }).waitFor({ state: 'attached' });
  const text = world.pending!.disabled
    ? `${username} is signed out everywhere and cannot sign in until enabled again.`
    : `${username} can sign in again with their password.`;
  await dialog(page).getByText(text).waitFor();
  expect(await button(page, busy ? 'Saving…' : verb).isDisabled()).toBe(busy);
  expect(world.switches.waiting(), 'the change waits for the server').toBe(busy);
}

async function toastsSaid(page: Page, world: UsersWorld) {
  expect(await toastsShown(page), 'the toasts shown so far').toEqual(world.toasts);
}

describeServerPaths('the administrators’ user list, in Chromium against the server', usersMachine, {
  model,
  serverActors: ['loadUsers', 'createUser', 'setUserDisabled'],
  // A disabled user enabled again, and a form refused before anything is sent.
  alsoCover: ['users.list on users.enable', 'users.creating.editing on users.submit #2'],
  start,
  play: (page, event, world) => play(page, event, world),
  states: {
    loading: async (page, _, world) => {
      await dialog(page).getByRole('status').getByText('Loading the users…').waitFor();
      expect(world.loads.waiting(), 'the list waits for the server').toBe(true);
    },
    loadFailed: async (page) => {
      expect(await alerts(page)).toEqual([TEXT.loadFailed]);
      expect(await button(page, 'Try again').isDisabled()).toBe(false);
      expect(await dialog(page).getByRole('table').count()).toBe(0);
    },
    list: async (page, _, world) => {
      await listShown(page, world);
      await toastsSaid(page, world);
    },
    'creating.editing': (page, _, world) => formShown(page, world, false),
    'creating.sending': (page, _, world) => formShown(page, world, true),
    confirming: (page, _, world) => confirmShown(page, world, false),
    switching: (page, _, world) => confirmShown(page, world, true),
    closed: async (page, _, world) => {
      expect(world.closed).toBe(true);
      expect(await page.getByRole('dialog').count()).toBe(0);
      await page.getByRole('button', { name: /^Account menu/ }).waitFor();
      await toastsSaid(page, world);
    },
  },
});
