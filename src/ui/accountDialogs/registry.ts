import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AnyActorRef } from 'xstate';
import type { AccountDialogName } from '../../machines/accountDialogs/accountDialog.types';

/** The view of an account dialog: it gets the dialog's running actor, reads its selectors and sends its events. */
export type AccountDialogView = LazyExoticComponent<ComponentType<{ actor: AnyActorRef }>>;

/** Both support dialogs are one view (it names its kind from the open dialog): one chunk, loaded once. */
const supportRequestDialog = lazy(() => import('./supportRequest/SupportRequestDialog'));

/**
 * Each account dialog's view, loaded when it first opens. One entry per dialog, beside its machine's entry in
 * src/machines/accountDialogs/provideAccountDialogs.ts.
 */
export const ACCOUNT_DIALOG_VIEWS: Partial<Record<AccountDialogName, AccountDialogView>> = {
  settings: lazy(() => import('./settings/AccountSettingsDialog')),
  bugReport: supportRequestDialog,
  featureRequest: supportRequestDialog,
  theme: lazy(() => import('./theme/ThemeSettingsDialog')),
  users: lazy(() => import('./users/UsersDialog')),
  alarmHealth: lazy(() => import('./alarmHealth/AlarmHealthDialog')),
  auditTrail: lazy(() => import('./auditTrail/AuditTrailDialog')),
  escalationPolicy: lazy(() => import('./escalation/EscalationPolicyDialog')),
  switchAccount: lazy(() => import('./switchAccount/SwitchAccountDialog')),
  switchBack: lazy(() => import('./switchAccount/SwitchBackDialog')),
};
