import { assign, sendTo, setup } from 'xstate';
import type { AccountSettings } from '#contracts';
import type { ThemeSettings } from '#contracts/themeSettings';
import type { AccountDialogInput, AccountDialogOutput } from '../accountDialogs/accountDialog.types';
import { notificationOf, notifications, notify } from '../notifications/notify';
import type { ThemeSettingsEvent } from './themeSettings.events';
import { notProvided } from '../notProvided';

export interface ThemeSettingsContext {
  /** The font and size chosen in the dialog; they start as the account's. */
  theme: ThemeSettings;
  /** The account's settings: as the dialog opened, then as the server answered the save. */
  settings: AccountSettings;
}

/**
 * The theme settings dialog of the account menu (SPEC §2, §3): a font and a size, previewed in the dialog, saved
 * with POST /api/v2/account/settings/theme. A save ends with the settings the server answered, which the app puts on
 * the whole page at once; a cancel ends with nothing, and the page keeps its theme. Dark or light is the account
 * menu's own toggle, kept in the browser.
 */
export const themeSettingsMachine = setup({
  types: {
    context: {} as ThemeSettingsContext,
    events: {} as ThemeSettingsEvent,
    input: {} as AccountDialogInput,
    output: {} as AccountDialogOutput,
  },
  actors: {
    // POST /api/v2/account/settings/theme (provided): resolves with the full settings.
    saveTheme: notProvided<AccountSettings, ThemeSettings>('saveTheme'),
  },
  actions: {
    chooseTheme: assign({
      theme: ({ context }, params: Partial<ThemeSettings>) => ({ ...context.theme, ...params }),
    }),
    assignSettings: assign({ settings: (_, params: { settings: AccountSettings }) => params.settings }),
    notify: sendTo(notifications, notificationOf),
  },
}).createMachine({
  id: 'themeSettings',
  context: ({ input }) => ({
    theme: { themeFont: input.settings.themeFont, themeSize: input.settings.themeSize },
    settings: input.settings,
  }),
  initial: 'editing',
  states: {
    editing: {
      description:
        'The theme dialog is open: the user picks a font and a size, sees them in the preview, then saves or cancels.',
      on: {
        'themeSettings.chooseFont': {
          actions: { type: 'chooseTheme', params: ({ event }) => ({ themeFont: event.font }) },
        },
        'themeSettings.chooseSize': {
          actions: { type: 'chooseTheme', params: ({ event }) => ({ themeSize: event.size }) },
        },
        'themeSettings.save': 'saving',
        'themeSettings.cancel': 'cancelled',
      },
    },
    saving: {
      description:
        'The font and size are being saved; a failure says so and keeps the dialog open with the choice.',
      invoke: {
        id: 'saveTheme',
        src: 'saveTheme',
        input: ({ context }) => context.theme,
        onDone: {
          target: 'saved',
          actions: [
            { type: 'assignSettings', params: ({ event }) => ({ settings: event.output }) },
            notify('success', 'themeSettings.saved'),
          ],
        },
        onError: {
          target: 'editing',
          actions: notify('error', 'themeSettings.saveFailed'),
        },
      },
    },
    saved: {
      description: 'The theme was saved; the dialog closes and the whole app shows the new font and size.',
      type: 'final',
      output: ({ context }): AccountDialogOutput => ({ settings: context.settings }),
    },
    cancelled: {
      description: 'The user cancelled; the dialog closes and the theme stays as it was.',
      type: 'final',
      output: (): AccountDialogOutput => ({}),
    },
  },
  // The reached final state names the result (its output arrives as the done event's output).
  output: ({ event }) => event.output as AccountDialogOutput,
});
