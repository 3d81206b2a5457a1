import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { DeviceConfigurationSave, DeviceTree, type DeviceTreeItem } from '#contracts';
import { server } from '../../ui/setup';
import { heldSaves } from './heldRequests';
import { unavailable } from './refusals';

/** The stored names of one save applied to a tree, as the server answers the tree afterwards. */
function applySave(items: DeviceTreeItem[], save: DeviceConfigurationSave): DeviceTreeItem[] {
  const labels = new Map(save.devices.flatMap((device) => device.data.map((e) => [e.key, e.label])));
  const orders = new Map(save.devices.map((device) => [device.key, device.order]));
  const configured = <T extends { key: string; configuration: { label: string | null } | null }>(x: T) =>
    labels.has(x.key)
      ? { ...x, configuration: labels.get(x.key) === null ? null : { label: labels.get(x.key)! } }
      : x;
  const visit = (item: DeviceTreeItem): DeviceTreeItem => ({
    ...configured(item),
    order: orders.get(item.key) ?? item.order,
    departments: item.departments.map(configured),
    devices: item.devices.map(visit),
  });
  return items.map(visit);
}

/**
 * The account's device configuration behind the app, for the dialog's path tests: GET /api/v2/devices/ answers
 * the tree with the names saved so far; each POST /api/v2/account/settings/devices is parsed by its contract,
 * recorded and held until the path answers it (accepted: the names are stored; failed: the server's 500).
 */
export function deviceConfigurationServer(initial: DeviceTreeItem[]) {
  let tree = initial;
  const { saves, handler, waiting, answer } = heldSaves(
    '*/api/v2/account/settings/devices',
    DeviceConfigurationSave,
  );
  server.use(
    http.get('*/api/v2/devices/', () => HttpResponse.json(v.parse(DeviceTree, tree))),
    handler,
  );
  return {
    saves,
    waiting,
    /** The tree as the server holds it now. */
    tree: () => tree,
    accept: async () => {
      tree = applySave(tree, saves.at(-1)!);
      await answer(new HttpResponse(null, { status: 204 }));
    },
    fail: () => answer(unavailable()),
  };
}
export type DeviceConfigurationServer = ReturnType<typeof deviceConfigurationServer>;
