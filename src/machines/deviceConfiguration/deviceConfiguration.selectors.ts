import type { SnapshotFrom } from 'xstate';
import type { SortSettings } from '#contracts/settings';
import type { deviceConfigurationMachine } from './deviceConfigurationMachine';
import type { ConfigItem, NameErrors } from './configurationModel';

type DeviceConfigurationSnapshot = SnapshotFrom<typeof deviceConfigurationMachine>;

/** Every top-level item in sort order; filter with `matchesSearch` for what the search shows. */
export const selectItems = (s: DeviceConfigurationSnapshot): readonly ConfigItem[] => s.context.items;
export const selectSearch = (s: DeviceConfigurationSnapshot): string => s.context.search;
export const selectSettings = (s: DeviceConfigurationSnapshot): SortSettings => s.context.settings;
export const selectErrors = (s: DeviceConfigurationSnapshot): NameErrors => s.context.errors;
/** Drag and move buttons work only in CUSTOM order without a search (SPEC §4). */
export const selectCanMove = (s: DeviceConfigurationSnapshot): boolean =>
  s.context.settings.sortMode === 'CUSTOM' && s.context.search.trim() === '';
export const selectIsSaving = (s: DeviceConfigurationSnapshot): boolean => s.matches('saving');
