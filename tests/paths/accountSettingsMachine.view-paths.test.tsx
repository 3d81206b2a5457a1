import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect, vi } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { accountSettingsMachine } from '../../src/machines/accountSettings/accountSettingsMachine';
import { AccountSettings, LANGUAGE_CHOICES } from '#contracts';
import { storeSession } from '../support/dom/renderApp';
import { heldEndpoint, type HeldEndpoint } from '../support/servers/devicePageServer';
import { FAKE_SETUP } from '../support/fakes/fakeTwoFactorSetup';
import { namedRoles } from '../support/dom/namedRoles';
import { describeViewPaths, renderProduct } from '../support/paths/viewPaths';
import { server } from '../ui/setup';
import { model, session, STORED, type SettingsModelEvent } from '../support/worlds/accountSettingsPathModel';
import {
  expectedErrors,
  settingsWorld,
  type SettingsWorld,
  type WorldDraft,
} from '../support/worlds/accountSettingsWorld';
import { toastsShown } from '../support/dom/toastsShown';

// The two-factor setup is a neighbour's workflow: a small stand-in takes its machine's and its view's place.
vi.mock('../../src/machines/twoFactorSetup/provideTwoFactorSetup', async () => {
  const { fakeTwoFactorSetupMachine } = await import('../support/fakes/fakeTwoFactorSetup');
  return { provideTwoFactorSetup: () => fakeTwoFactorSetupMachine };
});
vi.mock('../../src/ui/accountDialogs/twoFactor/TwoFactorSetupHost', async () => ({
  TwoFactorSetupHost: (await import('../support/fakes/fakeTwoFactorSetup')).FakeTwoFactorSetupHost,
}));

const TEXT = {
  title: 'Personal settings',
  loading: 'Loading settings…',
  loadFailed: 'Could not load the account settings',
  languagesFailed: 'Could not load the languages',
  saved: ['Settings saved', 'Einstellungen gespeichert'],
  saveFailed: 'Could not save the account settings',
  twoFactorOn: 'Two-factor authentication is on: signing in will ask for a code from your app',
};

interface Endpoints {
  gets: HeldEndpoint<undefined>;
  languages: HeldEndpoint<undefined>;
  posts: HeldEndpoint<AccountSettings>;
}
type World = SettingsWorld & Endpoints & { user: UserEvent; toasts: ReturnType<typeof toastsShown> };

async function start(inspect: (event: InspectionEvent) => void): Promise<World> {
  // Onto the world itself: its methods record into it.
  const world: World = Object.assign(settingsWorld(STORED), {
    user: userEvent.setup({ delay: null }),
    toasts: toastsShown(),
    gets: heldEndpoint(() => undefined),
    languages: heldEndpoint(() => undefined),
    posts: heldEndpoint((body) => v.parse(AccountSettings, body)),
  });
  let signInRead = true;
  server.use(
    // The app reads the settings at sign-in (answered at once); the dialog's own read waits for the path.
    http.get('*/api/v2/account/settings', (info) => {
      if (!signInRead) return world.gets.respond(info);
      signInRead = false;
      return HttpResponse.json(world.stored);
    }),
    http.get('*/api/v2/account/settings/languages', world.languages.respond),
    http.post('*/api/v2/account/settings', world.posts.respond),
  );
  storeSession(session);
  renderProduct('/', { inspect });
  // The tree shows device 0A0B0C by its hexacode (SPEC §9 default) before anything changes.
  await screen.findByRole('treeitem', { name: /^0A0B0C/ });
  await world.user.click(screen.getByRole('button', { name: /^Account menu/ }));
  await world.user.click(await screen.findByRole('menuitem', { name: TEXT.title }));
  await screen.findByRole('dialog', { name: TEXT.title });
  return world;
}

const dialog = () => within(screen.getByRole('dialog', { name: TEXT.title }));
const checkbox = (name: string) => dialog().getByRole<HTMLInputElement>('checkbox', { name });
const textbox = (name: string) => dialog().getByRole<HTMLInputElement>('textbox', { name });

/** SPEC §5: an e-mail is linked, so two-factor authentication may be set up. */
const linked = (draft: WorldDraft) =>
  draft.email.trim() !== '' && !expectedErrors({ ...draft, use2FA: true }).email;

/** What the world makes of an edit: the draft changes and a refused two-factor's message goes. */
function edit(world: World, change: Partial<WorldDraft>) {
  world.draft = { ...world.draft, ...change };
  world.twoFactorRefused = false;
}

async function play(event: SettingsModelEvent, world: World) {
  const { user } = world;
  const type: string = event.type;
  switch (event.type) {
    case 'settings.retry':
      await user.click(dialog().getByRole('button', { name: 'Try again' }));
      world.dialog = 'loading';
      return;
    case 'settings.cancel':
      if (world.cancels++ % 2 === 0) await user.click(dialog().getByRole('button', { name: 'Cancel' }));
      else await user.keyboard('{Escape}');
      world.dialog = 'cancelled';
      return;
    case 'settings.toggle':
      await user.click(checkbox('Show hexacodes as device names'));
      edit(world, { hexacodes: !world.draft.hexacodes });
      return;
    case 'settings.edit': {
      const label = event.field === 'email' ? 'E-mail' : 'Shortest buffer interval (seconds)';
      await user.clear(textbox(label));
      if (event.value !== '') await user.type(textbox(label), event.value);
      edit(world, event.field === 'email' ? { email: event.value } : { interval: event.value });
      return;
    }
    case 'settings.choose':
      await user.click(dialog().getByRole('button', { name: 'Language' }));
      await user.click(await screen.findByRole('option', { name: 'Deutsch' }));
      edit(world, { language: 'DE' });
      return;
    case 'settings.twoFactor':
      await user.click(checkbox('Two-factor authentication'));
      if (!event.on) edit(world, { use2FA: false });
      // SPEC §5: only with an e-mail linked; else the switch says why and stays off.
      else if (!linked(world.draft)) {
        edit(world, {});
        world.twoFactorRefused = true;
      } else world.dialog = 'twoFactor';
      return;
    case 'settings.addAddress':
      await user.click(dialog().getByRole('button', { name: 'Add address' }));
      edit(world, { addresses: [...world.draft.addresses, ''] });
      return;
    case 'settings.editAddress': {
      const { index, value } = event;
      await user.type(textbox(`Address ${index + 1}`), value);
      edit(world, {
        addresses: world.draft.addresses.map((address, at) => (at === index ? value : address)),
      });
      return;
    }
    case 'settings.removeAddress': {
      const { index } = event;
      await user.click(dialog().getByRole('button', { name: `Remove address ${index + 1}` }));
      edit(world, { addresses: world.draft.addresses.filter((_, at) => at !== index) });
      return;
    }
    case 'settings.save':
      await user.click(dialog().getByRole('button', { name: 'Save' }));
      world.checked = Object.keys(expectedErrors(world.draft)).length > 0 || world.checked;
      world.twoFactorRefused = false;
      if (Object.keys(expectedErrors(world.draft)).length === 0) {
        world.expectedPosts.push(world.body());
        world.dialog = 'saving';
      }
      return;
  }
  await answer(type, event, world);
}

/** The server's and the two-factor setup's answers. */
async function answer(type: string, event: SettingsModelEvent, world: World) {
  const { user } = world;
  if (type === 'xstate.done.actor.loadSettings') {
    await world.gets.answer(HttpResponse.json(world.stored));
  } else if (type === 'xstate.error.actor.loadSettings') {
    await world.gets.answer(HttpResponse.error());
    world.failWith(TEXT.loadFailed);
  } else if (type === 'xstate.done.actor.loadLanguages') {
    await world.languages.answer(HttpResponse.json(LANGUAGE_CHOICES));
    world.open();
  } else if (type === 'xstate.error.actor.loadLanguages') {
    await world.languages.answer(HttpResponse.json({ message: 'down' }, { status: 503 }));
    world.failWith(TEXT.languagesFailed);
  } else if (type === 'xstate.done.actor.twoFactorSetup') {
    const enabled = (event as unknown as { output: { enabled: boolean } }).output.enabled;
    await user.click(screen.getByRole('button', { name: enabled ? FAKE_SETUP.on : FAKE_SETUP.off }));
    world.draft = { ...world.draft, use2FA: enabled };
    world.dialog = 'open';
    if (enabled) {
      // The setup's code turned it on at the server, with the dialog's e-mail linked if there was none.
      const email = world.stored.email ?? (world.draft.email.trim() || null);
      world.stored = { ...world.stored, use2FA: true, email };
      world.expectedToasts.push(TEXT.twoFactorOn);
    }
  } else if (type === 'xstate.error.actor.twoFactorSetup') {
    await user.click(screen.getByRole('button', { name: FAKE_SETUP.broken }));
    world.draft = { ...world.draft, use2FA: false };
    world.dialog = 'open';
  } else if (type === 'xstate.done.actor.saveSettings') {
    world.stored = world.expectedPosts.at(-1)!;
    await world.posts.answer(HttpResponse.json(world.stored));
    world.expectedToasts.push(TEXT.saved[0]!);
    world.dialog = 'saved';
  } else if (type === 'xstate.error.actor.saveSettings') {
    await world.posts.answer(HttpResponse.json({ message: 'down' }, { status: 500 }));
    world.expectedToasts.push(TEXT.saveFailed);
    world.dialog = 'open';
  } else throw new Error(`No way to play ${type}`);
}

/** Toasts so far (the saved one in either language: the app applies the new language as it shows). */
function toastsSaid(world: World) {
  const said = world.toasts.texts.map((text) => (TEXT.saved.includes(text) ? TEXT.saved[0]! : text));
  expect(said, 'the toasts shown so far').toEqual(world.expectedToasts);
  expect(world.posts.requests, 'the saves sent').toEqual(world.expectedPosts);
}

/** The form as the user left it; `fieldsDisabled` when the state says whether it can be edited. */
function formShown(world: World, fieldsDisabled?: boolean) {
  const { draft } = world;
  const form = screen.getByRole('dialog', { name: TEXT.title });
  const checkboxNamed = namedRoles<HTMLInputElement>(form, 'checkbox');
  const textboxNamed = namedRoles<HTMLInputElement>(form, 'textbox');
  const buttonNamed = namedRoles<HTMLButtonElement>(form, 'button');
  expect(checkboxNamed('Show hexacodes as device names').checked).toBe(draft.hexacodes);
  expect(checkboxNamed('Export alarms by e-mail').checked).toBe(draft.exportOn);
  expect(checkboxNamed('Two-factor authentication').checked).toBe(draft.use2FA);
  // SPEC §6: every grant-gated field shows for this user.
  expect(checkboxNamed('Show factory-settings lines')).toBeTruthy();
  expect(checkboxNamed('Real-time communication')).toBeTruthy();
  expect(textboxNamed('Default PC number').value).toBe('1');
  expect(textboxNamed('PC numbers').value).toBe('1');
  expect(textboxNamed('Shortest buffer interval (seconds)').value).toBe(draft.interval);
  expect(textboxNamed('E-mail').value).toBe(draft.email);
  if (fieldsDisabled !== undefined) expect(textboxNamed('E-mail').matches(':disabled')).toBe(fieldsDisabled);
  const language = draft.language === 'DE' ? 'Deutsch' : 'English';
  expect(buttonNamed('Language').textContent).toBe(language);
  expect(buttonNamed('Font size').textContent).toBe(`${draft.fontSize} px`);
  const addresses = within(form).queryAllByRole<HTMLInputElement>('textbox', { name: /^Address / });
  expect(addresses.map((field) => field.value)).toEqual(draft.exportOn ? draft.addresses : []);
  const errors = world.shownErrors();
  const alerts = within(form)
    .queryAllByText(/required|invalid|not valid|needs an e-mail|must be/)
    .map((node) => node.textContent);
  expect(alerts.sort(), 'the errors shown').toEqual(Object.values(errors).sort());
  if (errors.email) expect(textboxNamed('E-mail').getAttribute('aria-invalid')).toBe('true');
  toastsSaid(world);
}

function closed(world: World, how: World['dialog']) {
  expect(world.dialog).toBe(how);
  expect(screen.queryByRole('dialog', { name: TEXT.title })).toBeNull();
  expect(screen.queryByRole('dialog', { name: FAKE_SETUP.title })).toBeNull();
  // The sidebar names 0A0B0C as the stored settings say, without a reload.
  const device = world.stored.showHexacodesAsDeviceNames ? /^0A0B0C/ : /^Cold room/;
  expect(screen.getByRole('treeitem', { name: device })).toBeTruthy();
  const menu = world.stored.language.code === 'DE' ? /^Kontomenü für/ : /^Account menu for/;
  expect(screen.getByRole('button', { name: menu })).toBeTruthy();
  toastsSaid(world);
}

describeViewPaths('account settings, played in the dialog of the account menu', accountSettingsMachine, {
  model,
  start,
  play,
  states: {
    loadingSettings: (_, world) => {
      expect(world.dialog).toBe('loading');
      expect(dialog().getByText(TEXT.loading)).toBeTruthy();
      expect(dialog().getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
      expect(world.gets.waiting(), 'the read of the settings waits').toBe(true);
    },
    loadingLanguages: (_, world) => {
      expect(world.dialog).toBe('loading');
      expect(dialog().getByText(TEXT.loading)).toBeTruthy();
      expect(world.languages.waiting(), 'the read of the languages waits').toBe(true);
    },
    loadFailed: (_, world) => {
      expect(world.dialog).toBe('loadFailed');
      expect(dialog().getByRole('alert').textContent).toContain(world.failure);
      expect(dialog().queryByRole('checkbox')).toBeNull();
      toastsSaid(world);
    },
    editing: (_, world) => {
      expect(world.dialog).toBe('open');
      expect(screen.queryByRole('dialog', { name: FAKE_SETUP.title })).toBeNull();
      // Said under the switch while two-factor is on at the server and stays on in the form.
      const on = world.stored.use2FA && world.draft.use2FA;
      expect(dialog().queryByRole('status')?.textContent ?? null).toBe(on ? TEXT.twoFactorOn : null);
      expect(dialog().getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(false);
      formShown(world, false);
    },
    settingUpTwoFactor: (_, world) => {
      expect(world.dialog).toBe('twoFactor');
      expect(screen.getByRole('dialog', { name: FAKE_SETUP.title })).toBeTruthy();
      expect(dialog().getByRole('status').textContent).toBe('Two-factor authentication is being set up…');
      // The settings wait under the setup, two-factor still off.
      formShown(world, true);
    },
    saving: (_, world) => {
      expect(world.dialog).toBe('saving');
      expect(dialog().getByRole<HTMLButtonElement>('button', { name: 'Saving…' }).disabled).toBe(true);
      expect(world.posts.waiting(), 'the save waits for the server').toBe(true);
      formShown(world);
    },
    saved: (_, world) => closed(world, 'saved'),
    cancelled: (_, world) => closed(world, 'cancelled'),
  },
});
