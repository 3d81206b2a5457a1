import type { DeviceTreeItem, Line, Page } from '#contracts';
import type { PageAddress, TreeNodeKind, TreeSettings } from './deviceTree.events';

export interface DeviceTreeInput {
  settings: TreeSettings;
}

export interface DeviceTreeContext {
  items: DeviceTreeItem[];
  settings: TreeSettings;
  /** The one open node of each kind (row ids, see treeModel). */
  expanded: Record<TreeNodeKind, string | null>;
  namesLoadedAt: Record<string, number>;
  /** Pages by department key, lines by page key: loaded once, kept until refresh. */
  pages: Record<string, Page[]>;
  lines: Record<string, Line[]>;
  /** Loads waiting or running (the head runs); one request per key, so a running load is shared. */
  queues: { names: string[]; pages: string[]; lines: PageAddress[] };
  lastDepartment: string | null;
  search: string;
  /** The device page the route shows, if any: the tree opens the way to it and marks it. */
  route: PageAddress | null;
  /** The row the sidebar scrolls to (the page of the current route, or its device until its pages load). */
  revealId: string | null;
}
