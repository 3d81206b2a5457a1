import type { SortSettings } from '#contracts';

/** The rows the devices repository reads: a business group, a device as the tree lists it, its stored sorting. */
export interface GroupRow {
  id: string;
  hexacode: string;
  name: string;
  networkNumber: number | null;
}

export interface DeviceListRow {
  hexacode: string;
  name: string;
  model: string;
  type: 'REAL_DEVICE' | 'VIRTUAL_DEVICE';
  businessGroupId: string | null;
}

export interface StoredConfiguration {
  settings: SortSettings;
  labels: Record<string, string>;
  orders: Record<string, number>;
}
