import type { DepartmentNamesQuery, LinesQuery, PagesQuery } from '../../services/api';
import type { DeviceTreeContext } from './deviceTree.context';
import * as tree from './treeModel';

/** What the device tree's loads work on: each queue's head is the load that runs (see DeviceTreeContext). */

/** SPEC §9: department names are cached 5 minutes. */
export const NAMES_CACHE_MS = 5 * 60_000;

/** Names of the node are neither on their way nor fresh. */
export const namesStale = (context: DeviceTreeContext, id: string) =>
  !context.queues.names.includes(id) &&
  Date.now() - (context.namesLoadedAt[id] ?? -Infinity) >= NAMES_CACHE_MS;

/** Input of the names load: the departments of the head of the names queue. */
export function namesQueryOf(context: DeviceTreeContext): DepartmentNamesQuery {
  const found = tree.findById(context.items, context.queues.names[0]!);
  return tree.namesQuery(found ? tree.departmentsOf(found.item) : []);
}

/** Input of the pages load: the department at the head of the pages queue. */
export function pagesQueryOf(context: DeviceTreeContext): PagesQuery {
  const found = tree.findDepartmentIn(context.items, tree.parseDepartment(context.queues.pages[0]!));
  if (!found) throw new Error(`No department ${context.queues.pages[0]}`);
  return tree.pagesQuery(found.department);
}

/** Input of the lines load: the page at the head of the lines queue. */
export function linesQueryOf(context: DeviceTreeContext): LinesQuery {
  const address = context.queues.lines[0]!;
  const found = tree.findDepartmentIn(context.items, address);
  if (!found) throw new Error(`No department ${tree.pageKey(address)}`);
  return tree.linesQuery(found.department, address.page, found.item.type);
}

/** Name of the department whose pages just failed to load (the head of the pages queue). */
export function failedDepartmentName(context: DeviceTreeContext): string {
  const key = context.queues.pages[0] ?? '';
  const found = tree.findDepartmentIn(context.items, tree.parseDepartment(key));
  return found ? found.department.configuration?.label?.trim() || found.department.name : key;
}
