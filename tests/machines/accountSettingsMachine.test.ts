import { describe, expect, it, vi } from 'vitest';
import { assign, createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { accountSettingsMachine } from '../../src/machines/accountSettings/accountSettingsMachine';
import type { AccountSettingsEvent } from '../../src/machines/accountSettings/accountSettings.events';
import { DEFAULT_ACCOUNT_SETTINGS, LANGUAGE_CHOICES, type AccountSettings, type Session } from '#contracts';
import { operatorGranted, operatorSession } from '../support/fixtures/fixtures';

const stored: AccountSettings = { ...DEFAULT_ACCOUNT_SETTINGS, email: 'op@example.com', themeSize: 'LARGE' };
const adminSession = operatorGranted('GRANT_APPLY_ACL', 'GRANT_RND');

/** A stand-in for the two-factor setup workflow (its own machine): ends when told how; keeps its input. */
const fakeTwoFactorSetup = createMachine({
  id: 'fakeTwoFactorSetup',
  types: {} as {
    events: { type: 'finish'; enabled: boolean };
    context: { enabled: boolean; email: string | null };
    input: { email: string | null };
  },
  context: ({ input }) => ({ enabled: false, email: input.email }),
  initial: 'open',
  states: {
    open: {
      on: { finish: { target: 'done', actions: assign({ enabled: ({ event }) => event.enabled }) } },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({ enabled: context.enabled }),
});

function start(
  options: {
    session?: Session;
    settings?: AccountSettings;
    load?: () => Promise<AccountSettings>;
    languages?: () => Promise<typeof LANGUAGE_CHOICES>;
    save?: (update: AccountSettings) => Promise<AccountSettings>;
  } = {},
) {
  const notify = vi.fn();
  const save = vi.fn(options.save ?? (async (update: AccountSettings) => update));
  const machine = accountSettingsMachine.provide({
    actors: {
      loadSettings: fromPromise(options.load ?? (async () => options.settings ?? stored)),
      loadLanguages: fromPromise(options.languages ?? (async () => LANGUAGE_CHOICES)),
      saveSettings: fromPromise(({ input }: { input: AccountSettings }) => save(input)),
      twoFactorSetup: fakeTwoFactorSetup,
    },
    actions: { notify: (_, params) => notify(params) },
  });
  const actor = createActor(machine, {
    input: { session: options.session ?? operatorSession, settings: DEFAULT_ACCOUNT_SETTINGS },
  });
  actor.start();
  const send = (event: AccountSettingsEvent) => actor.send(event);
  return { actor, send, save, notify };
}

const editing = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('editing'));

describe('account settings machine', () => {
  it('reads the stored settings and the languages, then edits a copy of them', async () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('loadingSettings');
    const s = await editing(actor);
    expect(s.context.draft).toMatchObject({
      email: 'op@example.com',
      languageCode: 'EN',
      defaultPcNumber: '1',
    });
    expect(s.context.languages).toHaveLength(11);
    // The operator holds neither APPLY_ACL nor RND (SPEC §6).
    expect(s.context).toMatchObject({ showsPcNumber: false, showsRnd: false });
  });

  it('says why loading failed and loads again on retry', async () => {
    let fail = true;
    const { actor, send, notify } = start({
      languages: async () => {
        if (fail) throw new Error('offline');
        return LANGUAGE_CHOICES;
      },
    });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.loadFailure).toBe('accountSettings.languagesLoadFailed');
    expect(notify).toHaveBeenCalledWith({ kind: 'error', id: 'accountSettings.languagesLoadFailed' });
    fail = false;
    send({ type: 'settings.retry' });
    await editing(actor);
    expect(actor.getSnapshot().context.loadFailure).toBeNull();
  });

  it('names a failed read of the settings', async () => {
    const { actor, send } = start({ load: () => Promise.reject(new Error('500')) });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.loadFailure).toBe('accountSettings.loadFailed');
    send({ type: 'settings.cancel' });
    expect(actor.getSnapshot().output).toEqual({});
  });

  it('sends nothing while SPEC §5 refuses the form, and follows every edit once it did', async () => {
    const { actor, send, save } = start();
    await editing(actor);
    send({ type: 'settings.edit', field: 'email', value: 'not mail' });
    expect(actor.getSnapshot().context.errors, 'no error before a save').toEqual({});
    send({ type: 'settings.toggle', field: 'enableAlarmEmailExport' });
    send({ type: 'settings.save' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({
      email: 'accountSettings.emailInvalid',
      alarmEmailExportAddresses: 'accountSettings.exportAddressesRequired',
    });
    send({ type: 'settings.edit', field: 'email', value: 'new@example.com' });
    send({ type: 'settings.addAddress' });
    send({ type: 'settings.addAddress' });
    send({ type: 'settings.editAddress', index: 1, value: 'bad' });
    expect(actor.getSnapshot().context.errors).toEqual({
      'alarmEmailExportAddresses.0': 'accountSettings.emailRequired',
      'alarmEmailExportAddresses.1': 'accountSettings.emailInvalid',
    });
    send({ type: 'settings.removeAddress', index: 0 });
    send({ type: 'settings.editAddress', index: 0, value: ' night@example.com ' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(save).not.toHaveBeenCalled();
    send({ type: 'settings.save' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(save).toHaveBeenCalledWith({
      ...stored,
      email: 'new@example.com',
      enableAlarmEmailExport: true,
      alarmEmailExportAddresses: ['night@example.com'],
    });
  });

  it('saves every field shown and ends with the saved settings', async () => {
    const { actor, send, notify } = start();
    await editing(actor);
    send({ type: 'settings.toggle', field: 'showHexacodesAsDeviceNames' });
    send({ type: 'settings.toggle', field: 'showDevicesSearchBar' });
    send({ type: 'settings.choose', field: 'languageCode', value: 'DE' });
    send({ type: 'settings.choose', field: 'dateFormat', value: 'yyyy-LL-dd HH:mm' });
    send({ type: 'settings.choose', field: 'lineHeight', value: 'DENSE' });
    send({ type: 'settings.choose', field: 'fontSize', value: '14' });
    send({ type: 'settings.save' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    const expected = {
      ...stored,
      showHexacodesAsDeviceNames: false,
      showDevicesSearchBar: true,
      language: { code: 'DE', label: 'Deutsch' },
      dateFormat: 'yyyy-LL-dd HH:mm',
      lineHeight: 'DENSE',
      fontSize: 14,
    };
    expect(done.output).toEqual({ settings: expected });
    expect(notify).toHaveBeenCalledWith({ kind: 'success', id: 'accountSettings.saved' });
  });

  // The draft holds texts as typed: a cleared e-mail is no e-mail for the server, and spaces around one are not its.
  it.each([
    ['', null],
    ['  new@example.com ', 'new@example.com'],
  ])('sends the e-mail typed as %j as %j', async (typed, sent) => {
    const { actor, send, save } = start();
    await editing(actor);
    send({ type: 'settings.edit', field: 'email', value: typed });
    send({ type: 'settings.save' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(save).toHaveBeenCalledWith({ ...stored, email: sent });
  });

  it('keeps the dialog and the edits when the save fails', async () => {
    const { actor, send, notify } = start({ save: () => Promise.reject(new Error('500')) });
    await editing(actor);
    send({ type: 'settings.toggle', field: 'showNetworkControllers' });
    send({ type: 'settings.save' });
    await waitFor(actor, (s) => s.matches('editing') && notify.mock.calls.length > 0);
    expect(notify).toHaveBeenCalledWith({ kind: 'error', id: 'accountSettings.saveFailed' });
    expect(actor.getSnapshot().context.draft.showNetworkControllers).toBe(false);
  });

  it('sends the fields a grant hides as they were stored, whatever the draft says', async () => {
    const { actor, send, save } = start({ settings: { ...stored, defaultPcNumber: 7, pcNumbers: [7] } });
    await editing(actor);
    send({ type: 'settings.edit', field: 'defaultPcNumber', value: '' });
    send({ type: 'settings.toggle', field: 'enableFactorySettingsLines' });
    send({ type: 'settings.save' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(save.mock.calls[0]![0]).toMatchObject({ defaultPcNumber: 7, enableFactorySettingsLines: false });
  });

  it('asks APPLY_ACL for a default PC number from 1 to 99, and lets RND set its lines', async () => {
    const { actor, send, save } = start({ session: adminSession });
    const s = await editing(actor);
    expect(s.context).toMatchObject({ showsPcNumber: true, showsRnd: true });
    send({ type: 'settings.edit', field: 'defaultPcNumber', value: '' });
    send({ type: 'settings.save' });
    expect(actor.getSnapshot().context.errors).toEqual({
      defaultPcNumber: 'accountSettings.pcNumberRequired',
    });
    send({ type: 'settings.edit', field: 'defaultPcNumber', value: '100' });
    expect(actor.getSnapshot().context.errors).toEqual({ defaultPcNumber: 'accountSettings.pcNumberRange' });
    send({ type: 'settings.edit', field: 'defaultPcNumber', value: '42' });
    send({ type: 'settings.toggle', field: 'enableRealTimeCommunication' });
    send({ type: 'settings.toggle', field: 'enableFactorySettingsLines' });
    send({ type: 'settings.save' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(save.mock.calls[0]![0]).toMatchObject({
      defaultPcNumber: 42,
      enableRealTimeCommunication: true,
      enableFactorySettingsLines: true,
    });
  });

  it('lets APPLY_ACL set the PC numbers and the shortest buffer interval, checked first', async () => {
    const { actor, send, save } = start({ session: adminSession });
    await editing(actor);
    expect(actor.getSnapshot().context.draft).toMatchObject({ pcNumbers: '1', minBufferInterval: '288' });
    send({ type: 'settings.edit', field: 'pcNumbers', value: '1, 100' });
    send({ type: 'settings.edit', field: 'minBufferInterval', value: '' });
    send({ type: 'settings.save' });
    expect(actor.getSnapshot().context.errors).toEqual({
      pcNumbers: 'accountSettings.pcNumbersInvalid',
      minBufferInterval: 'accountSettings.intervalRequired',
    });
    send({ type: 'settings.edit', field: 'pcNumbers', value: '7,1, 7' });
    send({ type: 'settings.edit', field: 'minBufferInterval', value: '90000' });
    expect(actor.getSnapshot().context.errors).toEqual({
      minBufferInterval: 'accountSettings.intervalRange',
    });
    send({ type: 'settings.edit', field: 'minBufferInterval', value: '60' });
    send({ type: 'settings.save' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(save.mock.calls[0]![0]).toMatchObject({ pcNumbers: [1, 7], minBufferInterval: 60 });
  });

  describe('two-factor authentication', () => {
    it('is refused without an e-mail linked, and no setup starts', async () => {
      const { actor, send } = start({ settings: { ...stored, email: null } });
      await editing(actor);
      send({ type: 'settings.twoFactor', on: true });
      expect(actor.getSnapshot().value).toBe('editing');
      expect(actor.getSnapshot().context.errors).toEqual({ use2FA: 'accountSettings.twoFactorNeedsEmail' });
      expect(actor.system.get('twoFactorSetup')).toBeUndefined();
    });

    it.each([true, false])('runs its setup, and is on only if the setup says so (%s)', async (enabled) => {
      const { actor, send } = start();
      await editing(actor);
      send({ type: 'settings.twoFactor', on: true });
      expect(actor.getSnapshot().value).toBe('settingUpTwoFactor');
      expect(actor.getSnapshot().context.draft.use2FA, 'off until the setup ends').toBe(false);
      const setup = actor.system.get('twoFactorSetup');
      expect(setup).toBeDefined();
      setup!.send({ type: 'finish', enabled });
      await editing(actor);
      expect(actor.getSnapshot().context.draft.use2FA).toBe(enabled);
    });

    it('is on as soon as the setup confirmed a code, says so, and a Cancel does not undo it', async () => {
      const { actor, send, notify, save } = start({ settings: { ...stored, email: null } });
      await editing(actor);
      send({ type: 'settings.edit', field: 'email', value: ' ops@example.com ' });
      send({ type: 'settings.twoFactor', on: true });
      const setup = actor.system.get('twoFactorSetup')!;
      // The setup links the e-mail the dialog holds when the account has none.
      expect(setup.getSnapshot().context.email).toBe('ops@example.com');
      setup.send({ type: 'finish', enabled: true });
      await editing(actor);
      expect(notify).toHaveBeenCalledWith({ kind: 'success', id: 'twoFactor.enabled' });
      // Stored so at the server: the dialog's copy of the stored settings says it, not only its draft.
      expect(actor.getSnapshot().context.loaded).toMatchObject({ use2FA: true, email: 'ops@example.com' });
      expect(actor.getSnapshot().context.draft.use2FA).toBe(true);
      send({ type: 'settings.cancel' });
      expect(actor.getSnapshot().output).toEqual({});
      expect(save).not.toHaveBeenCalled();
    });

    it('stays off when the setup fails, and turning it off just unticks', async () => {
      const machine = accountSettingsMachine.provide({
        actors: {
          loadSettings: fromPromise(async (): Promise<AccountSettings> => ({ ...stored, use2FA: true })),
          loadLanguages: fromPromise(async () => LANGUAGE_CHOICES),
          twoFactorSetup: fromPromise(() => Promise.reject(new Error('setup broke'))),
        },
      });
      const actor = createActor(machine, {
        input: { session: operatorSession, settings: DEFAULT_ACCOUNT_SETTINGS },
      }).start();
      await editing(actor);
      actor.send({ type: 'settings.twoFactor', on: false });
      expect(actor.getSnapshot().context.draft.use2FA).toBe(false);
      expect(actor.getSnapshot().value).toBe('editing');
      actor.send({ type: 'settings.twoFactor', on: true });
      await editing(actor);
      expect(actor.getSnapshot().context.draft.use2FA).toBe(false);
    });
  });

  it('ends with nothing when cancelled', async () => {
    const { actor, send, save } = start();
    await editing(actor);
    send({ type: 'settings.toggle', field: 'showDepartmentNumbers' });
    send({ type: 'settings.cancel' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({});
    expect(save).not.toHaveBeenCalled();
  });
});
