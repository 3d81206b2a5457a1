import type { AccountSettings } from '#contracts';

/** The switches of the dialog that simply flip (two-factor has a workflow of its own: settings.twoFactor). */
export type ToggleField = Extract<
  keyof AccountSettings,
  | 'showDevicesSearchBar'
  | 'showHexacodesAsDeviceNames'
  | 'showDepartmentNumbers'
  | 'showNetworkControllers'
  | 'enablePageRefreshOnRequest'
  | 'enableFactorySettingsLines'
  | 'enableRealTimeCommunication'
  | 'enableAlarmEmailExport'
>;

/** Fields typed as text. */
export type TextField = 'email' | 'defaultPcNumber' | 'pcNumbers' | 'minBufferInterval';
/** Fields chosen from a list (the value as the list holds it). */
export type ChoiceField = 'languageCode' | 'dateFormat' | 'lineHeight' | 'fontSize';

export type AccountSettingsEvent =
  | { type: 'settings.toggle'; field: ToggleField }
  | { type: 'settings.edit'; field: TextField; value: string }
  | { type: 'settings.choose'; field: ChoiceField; value: string }
  /** Turns two-factor authentication on (runs its setup) or off. */
  | { type: 'settings.twoFactor'; on: boolean }
  | { type: 'settings.addAddress' }
  | { type: 'settings.editAddress'; index: number; value: string }
  | { type: 'settings.removeAddress'; index: number }
  | { type: 'settings.save' }
  /** Loads again after a failed load. */
  | { type: 'settings.retry' }
  | { type: 'settings.cancel' };
