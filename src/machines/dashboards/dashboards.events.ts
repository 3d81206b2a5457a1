import type { DashboardSummary } from '#contracts';
import type { SortDirection, SortMode } from '../deviceConfiguration/deviceConfiguration.events';

export type DashboardsEvent =
  /** Loads the list again (after a failed load). */
  | { type: 'dashboards.reload' }
  /** The dashboard editor saved a dashboard (its name may have changed). */
  | { type: 'dashboards.saved'; dashboard: DashboardSummary }
  /** Opens the title prompt of a new dashboard. */
  | { type: 'dashboards.create' }
  /** Opens the rename prompt of a dashboard. */
  | { type: 'dashboards.rename'; id: string }
  /** Asks whether to delete a dashboard (SPEC §2 delete dashboard); confirmed or cancelled next. */
  | { type: 'dashboards.delete'; id: string }
  | { type: 'dashboards.confirmDelete' }
  | { type: 'dashboards.cancelDelete' }
  | { type: 'dashboards.favorite'; id: string }
  /** Selects a dashboard: expands its group and navigates to it. */
  | { type: 'dashboards.select'; id: string }
  /** The dashboard of the current route (null elsewhere), sent by the app machine on every route change. */
  | { type: 'dashboards.route'; id: string | null }
  /**
   * Drag reordering in CUSTOM mode (SPEC §4): the dashboard or group `id` goes to the shown place `to` among its
   * siblings (its group's dashboards, or the top level); the new orders are saved.
   */
  | { type: 'dashboards.move'; id: string; to: number }
  /** Downloads the selected dashboard as a JSON file named after it (SPEC §2 download). */
  | { type: 'dashboards.export' }
  /** Opens the import wizard (SPEC §4 import). */
  | { type: 'dashboards.import' }
  /** Opens the sorting settings dialog. */
  | { type: 'dashboards.sort' }
  /** Opens the group dialog for a new group, or for an existing one. */
  | { type: 'dashboards.group.create' }
  | { type: 'dashboards.group.edit'; id: string }
  | { type: 'dashboards.group.delete'; id: string }
  /** Expands or collapses a group of the sidebar. */
  | { type: 'dashboards.group.toggle'; id: string }
  // The title prompt (create and rename).
  | { type: 'prompt.change'; value: string }
  | { type: 'prompt.submit' }
  | { type: 'prompt.cancel' }
  // The sorting settings dialog.
  | { type: 'sorting.mode'; mode: SortMode }
  | { type: 'sorting.direction'; direction: SortDirection }
  | { type: 'sorting.submit' }
  | { type: 'sorting.cancel' }
  // The group dialog.
  | { type: 'group.name'; value: string }
  | { type: 'group.toggleDashboard'; id: string }
  | { type: 'group.submit' }
  | { type: 'group.cancel' };
