import type { SORT_DIRECTIONS, SORT_MODES } from '#contracts/settings';
import type { DeviceConfigurationSave } from '#contracts/deviceConfiguration';

export type SortMode = (typeof SORT_MODES)[number];
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export type DeviceConfigurationEvent =
  /** New text of the name field of a business group, device or department (by its key). */
  | { type: 'config.rename'; key: string; label: string }
  | { type: 'config.sortMode'; mode: SortMode }
  | { type: 'config.sortDirection'; direction: SortDirection }
  /** Moves a top-level item to a position of the shown list (CUSTOM order, no search). */
  | { type: 'config.move'; key: string; toIndex: number }
  | { type: 'config.search'; text: string }
  | { type: 'config.save' }
  | { type: 'config.cancel' };

export type DeviceConfigurationOutput =
  { result: 'saved'; configuration: DeviceConfigurationSave } | { result: 'cancelled' };
