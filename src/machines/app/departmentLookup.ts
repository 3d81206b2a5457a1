import { waitFor, type ActorRefFrom } from 'xstate';
import type { Api } from '../../services/api';
import type { DepartmentLookup, PageAddress } from '../devicePage/devicePage.types';
import { findDepartment } from '../deviceTree/deviceTree.selectors';
import type { deviceTreeMachine } from '../deviceTree/deviceTreeMachine';
import { departmentKey, findDepartmentIn, isOffline, pagesQuery } from '../deviceTree/treeModel';
import { SYSTEM_IDS } from '../systemIds';

type TreeRef = ActorRefFrom<typeof deviceTreeMachine>;
export type SystemLike = { get(systemId: string): unknown };

/**
 * The tree once it has settled. A tree whose load failed is loaded again first, so the device page's
 * 'Try again' recovers once the devices can be read (a tree already loading, e.g. retried from the sidebar,
 * is simply waited for).
 */
async function settledTree(tree: TreeRef) {
  if (tree.getSnapshot().matches('failed')) tree.send({ type: 'tree.reload' });
  const settled = await waitFor(tree, (s) => s.matches('loaded') || s.matches('failed'));
  if (settled.matches('failed')) throw new Error('The device tree could not be loaded');
  return settled;
}

/**
 * The device page's lookup: what the tree knows of the page's department. The tree opens the department of
 * the route and loads its pages (SPEC §2), so the lookup waits for them; when the tree does not load them
 * (a route it did not hear), they are read here so the title names the page; without them the title falls
 * back to the page number.
 */
export async function lookupDepartment(
  api: Pick<Api, 'pages'>,
  system: SystemLike,
  address: PageAddress,
): Promise<DepartmentLookup> {
  const tree = system.get(SYSTEM_IDS.deviceTree) as TreeRef | undefined;
  if (!tree) throw new Error('The device tree is not running');
  const key = departmentKey(address);
  const loading = (await settledTree(tree)).context.queues.pages.includes(key);
  const settled = await waitFor(tree, (s) => !s.context.queues.pages.includes(key));
  const found = findDepartment(settled, address);
  if (found.kind !== 'found' || found.pageName !== null || loading) return found;
  const department = findDepartmentIn(settled.context.items, address)?.department;
  if (!department || isOffline(department.status)) return found;
  try {
    const { pages } = await api.pages(pagesQuery(department));
    return { ...found, pageName: pages.find((p) => p.number === address.page)?.name ?? null };
  } catch {
    return found;
  }
}
