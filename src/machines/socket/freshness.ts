import type { ServerMessage } from '#contracts';

/** When a department's values were reported (ms, null: never) and whether the server calls them stale. */
export interface Freshness {
  reportedAt: number | null;
  stale: boolean;
}

/** What the server says of one department (a LineValues message's, or an entry of a Freshness message). */
export type DepartmentFreshness = Extract<
  ServerMessage,
  { type: 'Freshness' }
>['payload']['departments'][number];

/** One key per department; hexacodes compare case-insensitively (the server may echo either case). */
export const departmentKey = (hexacode: string, department: number, subDepartment: number) =>
  `${hexacode.toUpperCase()}:${department}.${subDepartment}`;

/**
 * The record with what the server said; the same record when nothing changed, so that the socket's snapshot (and
 * every view reading it) changes only when a report time or a staleness did.
 */
export function withFreshness(
  record: Readonly<Record<string, Freshness>>,
  said: readonly DepartmentFreshness[],
): Readonly<Record<string, Freshness>> {
  let next: Record<string, Freshness> | null = null;
  for (const { hexacode, department, subDepartment, reportedAt, stale } of said) {
    const key = departmentKey(hexacode, department, subDepartment);
    const known = record[key];
    if (known && known.reportedAt === reportedAt && known.stale === stale) continue;
    next ??= { ...record };
    next[key] = { reportedAt, stale };
  }
  return next ?? record;
}
