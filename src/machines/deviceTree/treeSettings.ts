import { DEFAULT_ACCOUNT_SETTINGS, type AccountSettings } from '#contracts';
import type { TreeSettings } from './deviceTree.events';

/** The account settings that shape the tree (defaults until the settings are read). */
export const treeSettingsOf = (s: AccountSettings | null): TreeSettings => {
  const {
    showDevicesSearchBar,
    showHexacodesAsDeviceNames,
    showDepartmentNumbers,
    showNetworkControllers,
    deviceConfigurationSettings,
    language,
  } = s ?? DEFAULT_ACCOUNT_SETTINGS;
  return {
    showDevicesSearchBar,
    showHexacodesAsDeviceNames,
    showDepartmentNumbers,
    showNetworkControllers,
    sorting: deviceConfigurationSettings,
    language: language.code.toLowerCase(),
  };
};
