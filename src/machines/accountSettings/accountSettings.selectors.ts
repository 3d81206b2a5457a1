import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import type { ChoiceField, TextField, ToggleField } from './accountSettings.events';
import type { accountSettingsMachine } from './accountSettingsMachine';

type AccountSettingsSnapshot = SnapshotFrom<typeof accountSettingsMachine>;
/** The running accountSettingsMachine a view reads and sends to. */
export type AccountSettingsActor = ActorRefFrom<typeof accountSettingsMachine>;

/** What the dialog shows: a load in progress, its failure, or the form (busy while saving or setting up 2FA). */
export type AccountSettingsView = 'loading' | 'loadFailed' | 'form';

export const selectView = (s: AccountSettingsSnapshot): AccountSettingsView =>
  s.matches('loadingSettings') || s.matches('loadingLanguages')
    ? 'loading'
    : s.matches('loadFailed')
      ? 'loadFailed'
      : 'form';
export const selectLoadFailure = (s: AccountSettingsSnapshot): MessageId | null => s.context.loadFailure;
export const selectIsSaving = (s: AccountSettingsSnapshot): boolean => s.matches('saving');
/** The two-factor setup dialog is over this one: its fields wait. */
export const selectIsSettingUpTwoFactor = (s: AccountSettingsSnapshot): boolean =>
  s.matches('settingUpTwoFactor');

/** Two-factor is on at the server (stored so, or turned on by the setup just now) and stays on in the form. */
export const selectTwoFactorOn = (s: AccountSettingsSnapshot): boolean =>
  s.context.loaded.use2FA && s.context.draft.use2FA;

export const selectToggle =
  (field: ToggleField | 'use2FA') =>
  (s: AccountSettingsSnapshot): boolean =>
    s.context.draft[field];
export const selectText =
  (field: TextField | Exclude<ChoiceField, 'fontSize'>) =>
  (s: AccountSettingsSnapshot): string =>
    s.context.draft[field];
export const selectFontSize = (s: AccountSettingsSnapshot): number => s.context.draft.fontSize;
export const selectAddresses = (s: AccountSettingsSnapshot): readonly string[] =>
  s.context.draft.alarmEmailExportAddresses;
export const selectLanguages = (s: AccountSettingsSnapshot) => s.context.languages;

/** The message of a field's error key ('email', 'alarmEmailExportAddresses.0'…), or null. */
export const selectError =
  (key: string) =>
  (s: AccountSettingsSnapshot): MessageId | null =>
    s.context.errors[key] ?? null;

/** SPEC §6: the default PC number with APPLY_ACL at WRITE; real-time and factory-settings lines with RND. */
export const selectShowsPcNumber = (s: AccountSettingsSnapshot): boolean => s.context.showsPcNumber;
export const selectShowsRnd = (s: AccountSettingsSnapshot): boolean => s.context.showsRnd;
