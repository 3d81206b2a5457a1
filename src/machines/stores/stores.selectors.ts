import type { SnapshotFrom } from 'xstate';
import type { FleetRow } from '../../services/contracts';
import type { storesMachine } from './storesMachine';

type StoresSnapshot = SnapshotFrom<typeof storesMachine>;

export type StoresView = 'loading' | 'failed' | 'shown';

export const selectView = (s: StoresSnapshot): StoresView =>
  s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'shown';
export const selectStores = (s: StoresSnapshot): readonly FleetRow[] => s.context.stores;
export const selectIsRefreshing = (s: StoresSnapshot): boolean => s.matches('refreshing');
/** The last refresh failed: the figures on screen are older than the refresh interval. */
export const selectIsStale = (s: StoresSnapshot): boolean => s.context.stale;

/**
 * Where a click on a store goes: the status page of its case furthest above its limit, which opens the store in
 * the sidebar's tree too; null when no case of the store reports.
 */
export const storePath = (row: FleetRow): string | null => {
  const worst = row.furthestAboveLimit;
  return worst ? `/${worst.hexacode}/${worst.department}/${worst.subDepartment}/pages/1` : null;
};
