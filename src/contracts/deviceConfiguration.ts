import * as v from 'valibot';
import { int32 } from './common';
import { SortSettings } from './settings';

/**
 * The operator's own names for the tree. `key` is the tree item key: a device's or business group's `key`, or a
 * department's `key`. An entry with a null label goes back to the name the device or ADF gives.
 */
export const ConfigurationEntry = v.object({
  key: v.pipe(v.string(), v.nonEmpty('key is required')),
  label: v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(120, 'Name must be at most 120 characters'))),
});
export type ConfigurationEntry = v.InferOutput<typeof ConfigurationEntry>;

/** POST /api/v2/account/settings/devices */
export const DeviceConfigurationSave = v.object({
  settings: SortSettings,
  devices: v.array(
    v.object({
      rawHexacode: v.string(),
      key: v.string(),
      order: v.pipe(int32, v.minValue(0)),
      /** Entries of the device itself, its departments and, for business groups, member devices and departments. */
      data: v.array(ConfigurationEntry),
    }),
  ),
});
export type DeviceConfigurationSave = v.InferOutput<typeof DeviceConfigurationSave>;
