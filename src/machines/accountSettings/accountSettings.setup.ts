import { assign, sendTo, setup, type AnyActorLogic } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import { hasGrant, type AccountSettings, type LanguageChoices } from '#contracts';
import type * as v from 'valibot';
import type { AccountDialogInput, AccountDialogOutput } from '../accountDialogs/accountDialog.types';
import { notificationOf, notifications } from '../notifications/notify';
import {
  type AccountSettingsEvent,
  type ChoiceField,
  type TextField,
  type ToggleField,
} from './accountSettings.events';
import type { TwoFactorSetupOutput } from '../twoFactorSetup/twoFactorSetup.events';
import {
  chosen,
  draftErrors,
  draftOf,
  emailLinked,
  type FieldErrors,
  type SettingsDraft,
} from './settingsDraft';
import { notProvided } from '../notProvided';

/**
 * The slot of the two-factor setup: any workflow ending with TwoFactorSetupOutput. Its machine lives beside its own
 * view and is provided in this place (XState types a provided actor as the very logic type declared here).
 */
type TwoFactorSetupLogic = AnyActorLogic;
/** Two-factor is on only when the setup says so. */
const setupEnabled = (output: unknown): boolean =>
  (output as TwoFactorSetupOutput | undefined)?.enabled === true;

type LanguageChoice = v.InferOutput<typeof LanguageChoices>[number];

export interface AccountSettingsContext {
  /** The settings as stored (read when the dialog opens; the app's copy until then). */
  loaded: AccountSettings;
  draft: SettingsDraft;
  languages: LanguageChoice[];
  /** SPEC §6: APPLY_ACL at WRITE shows the default PC number (any of 1–99). */
  showsPcNumber: boolean;
  /** SPEC §6: RND at WRITE shows real-time communication and factory-settings lines. */
  showsRnd: boolean;
  errors: FieldErrors;
  /** A save was refused by the rules: from then on the errors follow every edit. */
  checked: boolean;
  /** Why loading failed (SPEC §8), shown with a retry. */
  loadFailure: MessageId | null;
  saved: AccountSettings | null;
}

/** Implementations of the account settings machine (accountSettingsMachine.ts holds its statechart). */
export const accountSettingsSetup = setup({
  types: {
    context: {} as AccountSettingsContext,
    events: {} as AccountSettingsEvent,
    input: {} as AccountDialogInput,
    output: {} as AccountDialogOutput,
  },
  actors: {
    // Provided (src/machines/accountSettings/provideAccountSettings.ts); these defaults only fail loudly.
    loadSettings: notProvided<AccountSettings>('loadSettings'),
    loadLanguages: notProvided<LanguageChoice[]>('loadLanguages'),
    saveSettings: notProvided<AccountSettings, AccountSettings>('saveSettings'),
    /** The two-factor setup workflow of SPEC §2: a machine of its own, provided; ends with TwoFactorSetupOutput. */
    twoFactorSetup: notProvided<TwoFactorSetupOutput>('twoFactorSetup') as TwoFactorSetupLogic,
  },
  guards: {
    draftValid: ({ context }) => Object.keys(draftErrors(context.draft, context.showsPcNumber)).length === 0,
    turnsOnWithEmail: ({ context }, params: { on: boolean }) => params.on && emailLinked(context.draft),
    turnsOn: (_, params: { on: boolean }) => params.on,
    setupEnabled: (_, params: { output: unknown }) => setupEnabled(params.output),
  },
  actions: {
    assignLoaded: assign((_, params: { settings: AccountSettings }) => ({
      loaded: params.settings,
      draft: draftOf(params.settings),
    })),
    assignLanguages: assign({ languages: (_, params: { languages: LanguageChoice[] }) => params.languages }),
    assignLoadFailure: assign({ loadFailure: (_, params: { message: MessageId }) => params.message }),
    clearLoadFailure: assign({ loadFailure: null }),
    toggle: assign(({ context }, params: { field: ToggleField }) =>
      edited(context, { [params.field]: !context.draft[params.field] }),
    ),
    editText: assign(({ context }, params: { field: TextField; value: string }) =>
      edited(context, { [params.field]: params.value }),
    ),
    choose: assign(({ context }, params: { field: ChoiceField; value: string }) =>
      edited(context, chosen(params.field, params.value)),
    ),
    setTwoFactor: assign(({ context }, params: { on: boolean }) => edited(context, { use2FA: params.on })),
    /**
     * The setup's code turned two-factor on at the server (with the dialog's e-mail linked when there was none):
     * stored so, not an edit a Cancel would undo.
     */
    keepTwoFactorOn: assign(({ context }) => {
      const email = context.loaded.email ?? (context.draft.email.trim() || null);
      return {
        ...edited(context, { use2FA: true }),
        loaded: { ...context.loaded, use2FA: true, email },
      };
    }),
    // SPEC §5: two-factor only with an e-mail linked; said at once, on the switch.
    refuseTwoFactor: assign({
      errors: ({ context }) => ({
        ...context.errors,
        use2FA: 'accountSettings.twoFactorNeedsEmail' as MessageId,
      }),
    }),
    addAddress: assign(({ context }) =>
      edited(context, { alarmEmailExportAddresses: [...context.draft.alarmEmailExportAddresses, ''] }),
    ),
    editAddress: assign(({ context }, params: { index: number; value: string }) =>
      edited(context, {
        alarmEmailExportAddresses: context.draft.alarmEmailExportAddresses.map((address, index) =>
          index === params.index ? params.value : address,
        ),
      }),
    ),
    removeAddress: assign(({ context }, params: { index: number }) =>
      edited(context, {
        alarmEmailExportAddresses: context.draft.alarmEmailExportAddresses.filter(
          (_, index) => index !== params.index,
        ),
      }),
    ),
    showErrors: assign(({ context }) => ({
      checked: true,
      errors: draftErrors(context.draft, context.showsPcNumber),
    })),
    assignSaved: assign({ saved: (_, params: { settings: AccountSettings }) => params.settings }),
    notify: sendTo(notifications, notificationOf),
  },
});

/** Where the dialog starts: the app's copy of the settings, and what the session's grants show (SPEC §6). */
export function initialContext(input: AccountDialogInput): AccountSettingsContext {
  const authorities = input.session.token.authorities;
  return {
    loaded: input.settings,
    draft: draftOf(input.settings),
    languages: [],
    showsPcNumber: hasGrant(authorities, 'APPLY_ACL', 'WRITE'),
    showsRnd: hasGrant(authorities, 'RND', 'WRITE'),
    errors: {},
    checked: false,
    loadFailure: null,
    saved: null,
  };
}

/** The draft with `change` over it; once a save was refused, the errors follow the edit. */
function edited(context: AccountSettingsContext, change: Partial<SettingsDraft>) {
  const draft = { ...context.draft, ...change };
  const errors = context.checked ? draftErrors(draft, context.showsPcNumber) : {};
  return { draft, errors };
}
