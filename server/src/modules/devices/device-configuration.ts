import type { DeviceConfigurationSave, DeviceTreeItem, SortSettings } from '#contracts';
import { badRequest } from '../../errors';
import type { AccountService } from '../account/service';
import type { AuthSession } from '../auth/service';
import type { DeviceTree } from './device-tree';
import type { DevicesRepository } from './repository';
import type { StoredConfiguration } from './rows';

const DEFAULT_DEVICE_SORT: SortSettings = { sortMode: 'NAME', sortDirection: 'ASC' };
/** A user's configuration until they save one. */
export const defaultConfiguration = (): StoredConfiguration => ({
  settings: DEFAULT_DEVICE_SORT,
  labels: {},
  orders: {},
});

/** A user's device configuration: labels of tree items and departments, the tree's order and its sort settings. */
export function createDeviceConfiguration(deps: {
  repository: DevicesRepository;
  account: AccountService;
  tree: DeviceTree;
}) {
  const { repository, account, tree } = deps;

  const of = async (session: AuthSession): Promise<StoredConfiguration> =>
    (await repository.configuration(session.tenant.id, session.user.id)) ?? defaultConfiguration();

  /** Merges the saved entries into the stored configuration; a key of nothing in this tenant is refused. */
  async function save(session: AuthSession, body: DeviceConfigurationSave): Promise<DeviceConfigurationSave> {
    const tenantId = session.tenant.id;
    const [groups, rows] = await Promise.all([repository.groups(tenantId), repository.devices(tenantId)]);
    const deviceKeys = new Set(rows.map((r) => r.hexacode));
    const topKeys = new Set([...groups.map((g) => g.id), ...deviceKeys]);
    const isKnownEntryKey = (key: string) => {
      if (topKeys.has(key)) return true;
      const m = /^([0-9A-F]{6,16})-(\d{1,3})-(\d{1,3})$/.exec(key);
      return m !== null && deviceKeys.has(m[1]!);
    };
    const stored = await of(session);
    const labels = { ...stored.labels };
    const orders = { ...stored.orders };
    body.devices.forEach((device, i) => {
      if (!topKeys.has(device.key)) {
        throw badRequest(
          'UNKNOWN_DEVICE_KEY',
          `devices.${i}.key: No device or business group '${device.key}' here`,
        );
      }
      orders[device.key] = device.order;
      device.data.forEach((entry, j) => {
        if (!isKnownEntryKey(entry.key)) {
          throw badRequest(
            'UNKNOWN_DEVICE_KEY',
            `devices.${i}.data.${j}.key: No device, group or department '${entry.key}' here`,
          );
        }
        if (entry.label === null) delete labels[entry.key];
        else if (entry.label === '') {
          throw badRequest('VALIDATION_FAILED', `devices.${i}.data.${j}.label: Name is required`);
        } else labels[entry.key] = entry.label;
      });
    });
    const saved: StoredConfiguration = { settings: body.settings, labels, orders };
    await repository.saveConfiguration(tenantId, session.user.id, saved);
    await account.update(tenantId, session.user.id, { deviceConfigurationSettings: body.settings });
    return configurationView(await tree.build(session, saved, { groups, devices: rows }), saved);
  }

  return { of, save };
}

/** The stored configuration in the shape it was saved: one entry per top-level tree item. */
function configurationView(tree: DeviceTreeItem[], saved: StoredConfiguration): DeviceConfigurationSave {
  const entriesOf = (item: DeviceTreeItem): { key: string; label: string | null }[] => [
    ...(saved.labels[item.key] !== undefined ? [{ key: item.key, label: saved.labels[item.key]! }] : []),
    ...item.departments.flatMap((d) =>
      saved.labels[d.key] !== undefined ? [{ key: d.key, label: saved.labels[d.key]! }] : [],
    ),
    ...item.devices.flatMap(entriesOf),
  ];
  return {
    settings: saved.settings,
    devices: tree.map((item) => ({
      rawHexacode: item.rawHexacode,
      key: item.key,
      order: saved.orders[item.key] ?? item.order,
      data: entriesOf(item),
    })),
  };
}
