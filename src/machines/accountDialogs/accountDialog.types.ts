import type { AnyStateMachine } from 'xstate';
import type { AccountSettings, Session } from '#contracts';

/**
 * The dialogs the account menu opens, each a workflow of its own. A name is registered twice: its machine in
 * provideAccountDialogs.ts (bound to the services), its view in src/ui/accountDialogs/registry.ts.
 */
export type AccountDialogName =
  | 'settings'
  | 'theme'
  | 'switchAccount'
  | 'switchBack'
  | 'users'
  | 'alarmHealth'
  | 'auditTrail'
  | 'escalationPolicy'
  | 'bugReport'
  | 'featureRequest';

/** What every account dialog starts from: who is signed in and their settings as the app holds them. */
export interface AccountDialogInput {
  session: Session;
  settings: AccountSettings;
}

/**
 * What a dialog hands back when it ends. `settings`: the account's settings changed (the app applies them at
 * once, without a reload). `session`: the user is now someone else (switch account, switch back): the app stores
 * it and reloads, so no state of the previous user survives (SPEC §4). Neither: closed with nothing changed.
 */
export interface AccountDialogOutput {
  settings?: AccountSettings;
  session?: Session;
}

/** A dialog's workflow: a machine whose input is AccountDialogInput and whose output is AccountDialogOutput. */
type AccountDialogLogic = AnyStateMachine;

export type AccountDialogRegistry = Partial<Record<AccountDialogName, AccountDialogLogic>>;
