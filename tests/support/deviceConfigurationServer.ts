import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect, vi } from 'vitest';
import { DeviceConfigurationSave, DeviceTree, ErrorBody, type DeviceTreeItem } from '#contracts';
import { server } from '../ui/setup';

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
 * recorded and held until the path answers it (accepted: the names are stored; failed: a 500).
 */
export function deviceConfigurationServer(initial: DeviceTreeItem[]) {
  let tree = initial;
  const saves: DeviceConfigurationSave[] = [];
  const waiting: ((response: Response) => void)[] = [];
  server.use(
    http.get('*/api/v2/devices/', () => HttpResponse.json(v.parse(DeviceTree, tree))),
    http.post('*/api/v2/account/settings/devices', async ({ request }) => {
      saves.push(v.parse(DeviceConfigurationSave, await request.json()));
      return new Promise<Response>((resolve) => waiting.push(resolve));
    }),
  );
  const answer = async (response: Response) => {
    await vi.waitFor(() => expect(waiting.length, 'a save waits for its answer').toBeGreaterThan(0));
    waiting.shift()!(response);
  };
  return {
    saves,
    waiting: () => waiting.length > 0,
    /** The tree as the server holds it now. */
    tree: () => tree,
    accept: async () => {
      tree = applySave(tree, saves.at(-1)!);
      await answer(new HttpResponse(null, { status: 204 }));
    },
    fail: () =>
      answer(
        HttpResponse.json(
          v.parse(ErrorBody, { statusCode: 500, code: 'INTERNAL', error: 'INTERNAL', message: 'Failed' }),
          { status: 500 },
        ),
      ),
  };
}
export type DeviceConfigurationServer = ReturnType<typeof deviceConfigurationServer>;
