import type { Database } from '../../db/client';
import { preparedRead } from '../../db/prepared';
import type { DeviceListRow, GroupRow, StoredConfiguration } from './rows';

/** What the device tree is built from: the tenant's business groups and devices, the user's configuration. */
export interface TreeRows {
  groups: GroupRow[];
  devices: DeviceListRow[];
  /** Null until the user saves one. */
  configuration: StoredConfiguration | null;
}

/**
 * The tree is asked for on every page that shows devices: its three reads are one statement (issue 14), in the
 * orders of repository.ts's groups() and devices(). Always one row.
 */
const TREE_ROWS = `SELECT
  coalesce((SELECT json_agg(json_build_object('id', g.id, 'hexacode', g.hexacode, 'name', g.name,
      'networkNumber', g.network_number) ORDER BY g.name)
    FROM business_groups g WHERE g.tenant_id = $1), '[]') AS groups,
  coalesce((SELECT json_agg(json_build_object('hexacode', d.hexacode, 'name', d.name, 'model', d.model,
      'type', d.type, 'businessGroupId', d.business_group_id) ORDER BY d.name)
    FROM devices d WHERE d.tenant_id = $1), '[]') AS devices,
  (SELECT json_build_object('settings', c.settings, 'labels', c.labels, 'orders', c.orders)
    FROM device_configurations c WHERE c.tenant_id = $1 AND c.user_id = $2) AS configuration`;

export function createTreeRows(db: Database) {
  const read = preparedRead<TreeRows>(db, 'coldwatch_device_tree', TREE_ROWS);
  return async (tenantId: string, userId: string): Promise<TreeRows> => {
    const [row] = await read(tenantId, userId);
    return row!;
  };
}
