import type { AccountSettings } from '#contracts';
import type { AccountDialogOutput } from '../accountDialogs/accountDialog.types';
import { accountSettingsSetup, initialContext, type AccountSettingsContext } from './accountSettings.setup';
import { settingsToSave } from './settingsDraft';
import { SYSTEM_IDS } from '../systemIds';
import { notify } from '../notifications/notify';

export type { AccountSettingsContext } from './accountSettings.setup';

/** The account settings dialog (SPEC §2, §3, §5, §6, §8): edits the personal settings and ends with the saved ones. */
export const accountSettingsMachine = accountSettingsSetup.createMachine({
  id: 'accountSettings',
  context: ({ input }) => initialContext(input),
  initial: 'loadingSettings',
  states: {
    loadingSettings: {
      description: 'The dialog reads the settings as stored, so it never saves over ones it has not seen.',
      entry: 'clearLoadFailure',
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: {
          target: 'loadingLanguages',
          actions: { type: 'assignLoaded', params: ({ event }) => ({ settings: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: [
            { type: 'assignLoadFailure', params: { message: 'accountSettings.loadFailed' } },
            notify('error', 'accountSettings.loadFailed'),
          ],
        },
      },
      on: { 'settings.cancel': 'cancelled' },
    },
    loadingLanguages: {
      description: 'The languages the interface speaks are being read for the language choice.',
      invoke: {
        id: 'loadLanguages',
        src: 'loadLanguages',
        onDone: {
          target: 'editing',
          actions: { type: 'assignLanguages', params: ({ event }) => ({ languages: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: [
            { type: 'assignLoadFailure', params: { message: 'accountSettings.languagesLoadFailed' } },
            notify('error', 'accountSettings.languagesLoadFailed'),
          ],
        },
      },
      on: { 'settings.cancel': 'cancelled' },
    },
    loadFailed: {
      description:
        'The settings or the languages could not be read: the dialog says so and offers to try again.',
      on: { 'settings.retry': 'loadingSettings', 'settings.cancel': 'cancelled' },
    },
    editing: {
      description:
        'The user edits the settings the grants show; a save is checked against SPEC §5 before anything is sent.',
      on: {
        'settings.toggle': { actions: { type: 'toggle', params: ({ event }) => event } },
        'settings.edit': { actions: { type: 'editText', params: ({ event }) => event } },
        'settings.choose': { actions: { type: 'choose', params: ({ event }) => event } },
        'settings.twoFactor': [
          // Turning it on is its setup's to do: the switch stays off until that succeeds.
          {
            guard: { type: 'turnsOnWithEmail', params: ({ event }) => event },
            target: 'settingUpTwoFactor',
          },
          { guard: { type: 'turnsOn', params: ({ event }) => event }, actions: 'refuseTwoFactor' },
          { actions: { type: 'setTwoFactor', params: { on: false } } },
        ],
        'settings.addAddress': { actions: 'addAddress' },
        'settings.editAddress': { actions: { type: 'editAddress', params: ({ event }) => event } },
        'settings.removeAddress': { actions: { type: 'removeAddress', params: ({ event }) => event } },
        'settings.save': [{ guard: 'draftValid', target: 'saving' }, { actions: 'showErrors' }],
        'settings.cancel': 'cancelled',
      },
    },
    settingUpTwoFactor: {
      description:
        'Two-factor authentication is being set up in its own dialog; it is on only if the setup succeeds (SPEC §4).',
      invoke: {
        id: 'twoFactorSetup',
        src: 'twoFactorSetup',
        systemId: SYSTEM_IDS.twoFactorSetup,
        input: ({ context }: { context: AccountSettingsContext }) => ({
          email: context.draft.email.trim() || null,
        }),
        onDone: [
          // The confirmed code turned it on at the server: so it stays, whatever becomes of the dialog.
          {
            guard: { type: 'setupEnabled', params: ({ event }) => ({ output: event.output }) },
            target: 'editing',
            actions: ['keepTwoFactorOn', notify('success', 'twoFactor.enabled')],
          },
          { target: 'editing', actions: { type: 'setTwoFactor', params: { on: false } } },
        ],
        onError: { target: 'editing', actions: { type: 'setTwoFactor', params: { on: false } } },
      },
    },
    saving: {
      description: 'The settings are being saved; a failure keeps the dialog open with the edits.',
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) =>
          settingsToSave(context.loaded, context.draft, context.languages, {
            showsPcNumber: context.showsPcNumber,
            showsRnd: context.showsRnd,
          }),
        onDone: {
          target: 'saved',
          actions: [
            { type: 'assignSaved', params: ({ event }) => ({ settings: event.output }) },
            notify('success', 'accountSettings.saved'),
          ],
        },
        onError: {
          target: 'editing',
          actions: notify('error', 'accountSettings.saveFailed'),
        },
      },
    },
    saved: {
      description:
        'The settings were saved; the dialog closes and the app applies them at once, without a reload.',
      type: 'final',
      output: ({ context }) => ({ settings: context.saved as AccountSettings }),
    },
    cancelled: {
      description: 'The user closed the dialog; nothing changes.',
      type: 'final',
      output: {},
    },
  },
  output: ({ event }) => event.output as AccountDialogOutput,
});
