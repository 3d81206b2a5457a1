import type { SnapshotFrom } from 'xstate';
import { departmentKey } from './freshness';
import type { socketMachine } from './socketMachine';

type SocketSnapshot = SnapshotFrom<typeof socketMachine>;

export type SocketStatus = 'connecting' | 'connected' | 'reconnecting' | 'stopped';

/** The connection was lost and is on its way back: waiting after a drop, a restart or a refusal, or opening again. */
const reconnecting = (s: SocketSnapshot): boolean =>
  s.matches('dropped') ||
  s.matches('restarting') ||
  s.matches('crowded') ||
  s.matches({ live: 'reconnecting' });

export const selectSocketStatus = (s: SocketSnapshot): SocketStatus =>
  s.matches({ live: 'connected' })
    ? 'connected'
    : s.matches({ live: 'connecting' })
      ? 'connecting'
      : reconnecting(s)
        ? 'reconnecting'
        : 'stopped';

/**
 * Live data is paused: the connection was lost, is being opened again, or its pages have not all had their
 * snapshot since. Values on screen are then as old as their report time, not live.
 */
export const selectLivePaused = (s: SocketSnapshot): boolean =>
  reconnecting(s) || s.matches({ live: { connected: { data: 'resyncing' } } });

/** When the connection was lost (ms), while live data is paused; null otherwise. */
export const selectPausedSince = (s: SocketSnapshot): number | null =>
  selectLivePaused(s) ? s.context.pausedSince : null;

/** How a department's values stand: 'live', or not live ('paused' or 'stale') with their report time. */
export type Liveness = { kind: 'live' } | { kind: 'paused' | 'stale'; reportedAt: number | null };

/**
 * How the values of a department stand, as one primitive (a view re-renders only when it changes): 'live';
 * 'paused:<reportedAt>' while live data is paused; 'stale:<reportedAt>' when the server calls them stale. The
 * report time is empty when unknown. Read it with livenessOf.
 */
export const selectLiveness =
  (hexacode: string, department: number, subDepartment: number) =>
  (s: SocketSnapshot): string => {
    const known = s.context.freshness[departmentKey(hexacode, department, subDepartment)];
    const at = known?.reportedAt ?? '';
    if (selectLivePaused(s)) return `paused:${at}`;
    return known?.stale ? `stale:${at}` : 'live';
  };

export function livenessOf(selected: string): Liveness {
  if (selected === 'live') return { kind: 'live' };
  const [kind, at] = selected.split(':') as ['paused' | 'stale', string];
  return { kind, reportedAt: at === '' ? null : Number(at) };
}

type Address = { hexacode: string; department: number; subDepartment: number };

/**
 * How the values of several departments stand together (a chart of them all), as selectLiveness says it: paused
 * with the oldest report time; else stale with the oldest stale report time when one is; else 'live'.
 */
export const selectOldestLiveness =
  (addresses: readonly Address[]) =>
  (s: SocketSnapshot): string => {
    const kinds = addresses.map((a) =>
      livenessOf(selectLiveness(a.hexacode, a.department, a.subDepartment)(s)),
    );
    const notLive = kinds.filter((l): l is Exclude<Liveness, { kind: 'live' }> => l.kind !== 'live');
    if (notLive.length === 0) return 'live';
    const times = notLive.flatMap((l) => (l.reportedAt === null ? [] : [l.reportedAt]));
    return `${notLive[0]!.kind}:${times.length > 0 ? Math.min(...times) : ''}`;
  };
