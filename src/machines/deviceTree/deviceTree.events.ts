import type { DeviceStatus, SortSettings } from '#contracts';

export type TreeNodeKind = 'group' | 'device' | 'department';

export interface DepartmentAddress {
  hexacode: string;
  department: number;
  subDepartment: number;
}
export interface PageAddress extends DepartmentAddress {
  page: number;
}

/** The account settings that shape the tree. */
export interface TreeSettings {
  showDevicesSearchBar: boolean;
  showHexacodesAsDeviceNames: boolean;
  showDepartmentNumbers: boolean;
  showNetworkControllers: boolean;
  /** How devices are ordered (the device configuration's sorting). */
  sorting: SortSettings;
  /** The user's language: names sort in its collation. */
  language: string;
}

/** Live status facts, forwarded by the socket actor. */
export type TreeStatusEvent =
  | { type: 'device.statusChanged'; hexacode: string; status: DeviceStatus }
  | ({ type: 'department.statusChanged'; status: DeviceStatus } & DepartmentAddress)
  | { type: 'mapping.statusChanged'; hexacode: string; memberHexacode: string; status: DeviceStatus }
  /** A device online stopped reporting for its stale period (silent), or reports again. */
  | { type: 'device.silenceChanged'; hexacode: string; silent: boolean };

export type DeviceTreeEvent =
  /** Toggles a node (row id from the visible rows); collapses the open sibling of the same kind. */
  | { type: 'tree.expand'; kind: TreeNodeKind; id: string }
  /** Back to LOADING with nothing kept (a new session). */
  | { type: 'tree.reset' }
  /** Loads the tree again, keeping what is open (after the device configuration changed names or order). */
  | { type: 'tree.reload' }
  /** Collapses everything, forgets pages, reloads names and the last expanded department. */
  | { type: 'tree.refresh' }
  | ({ type: 'tree.loadLines' } & PageAddress)
  | { type: 'tree.search'; text: string }
  /** The route shows this device page (null: no device page): open the way to it and mark it. */
  | { type: 'tree.revealRoute'; page: PageAddress | null }
  | { type: 'tree.settingsChanged'; settings: TreeSettings }
  | TreeStatusEvent;
