import type { FleetRow } from '../../../../src/services/contracts';

/** How far the store's worst case is above its limit; 0 when every case is within it (or none reports). */
const aboveLimit = (row: FleetRow) => Math.max(0, row.furthestAboveLimit?.excess ?? 0);

/**
 * Which store needs someone first: unacknowledged alarms, then active ones, then the case furthest above its
 * limit, then devices offline, then less time in limits; the name breaks ties.
 */
const ORDER: ((a: FleetRow, b: FleetRow) => number)[] = [
  (a, b) => b.unacknowledgedAlarms - a.unacknowledgedAlarms,
  (a, b) => b.activeAlarms - a.activeAlarms,
  (a, b) => aboveLimit(b) - aboveLimit(a),
  (a, b) => b.devicesTotal - b.devicesOnline - (a.devicesTotal - a.devicesOnline),
  (a, b) => (a.timeInLimitsPct ?? 100) - (b.timeInLimitsPct ?? 100),
  (a, b) => a.name.localeCompare(b.name),
];

export function worstFirst(rows: readonly FleetRow[]): FleetRow[] {
  return [...rows].sort((a, b) => {
    for (const compare of ORDER) {
      const order = compare(a, b);
      if (order !== 0) return order;
    }
    return 0;
  });
}
