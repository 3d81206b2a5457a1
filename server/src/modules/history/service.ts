import {
  hasGrant,
  type HistoryQuery,
  type HistoryResult,
  type HistorySeries,
  type HistorySeriesRequest,
} from '#contracts';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { AdfRegistry } from '../../gateway/adf/loader';
import type { AccountService } from '../account/service';
import type { AuthSession } from '../auth/service';
import { Buckets, EMPTY_POINTS, EMPTY_STATS, resolutionMs } from './buckets';
import { applyRetention, compact, importRuns, retentionCutoff, type SampleRun } from './jobs';
import { SECOND_MS } from './packing';
import { readBuckets } from './read';
import type { HistoryRepository } from './repository';
import { resolveSeries, type ResolvedSeries } from './series';
import { historyStore } from './store';

export interface HistoryServiceOptions {
  db: Database;
  repository: HistoryRepository;
  account: Pick<AccountService, 'get'>;
  /** The ADFs, for line names and units (the device runtime's). */
  adfs: () => AdfRegistry;
  clock: Clock;
  retentionDays: number;
}

export interface QueryOptions {
  /**
   * What a series of a PC number the user may not use gets: the query refuses it (403 naming the field), a stored
   * widget's download shows that series as UNAUTHORIZED.
   */
  forbiddenPcNumber: 'refuse' | 'mark';
}

const pcNumberNotAllowed = (index: number, pcNumber: number) =>
  new AppError(
    403,
    'PC_NUMBER_NOT_ALLOWED',
    `series.${index}.pcNumber: PC number ${pcNumber} is not one of yours`,
  );

/** SPEC §6: with APPLY_ACL at WRITE any PC number (1–99, the contract's range), otherwise the user's own. */
async function pcNumberRule(
  account: Pick<AccountService, 'get'>,
  session: AuthSession,
): Promise<(request: HistorySeriesRequest) => boolean> {
  if (hasGrant(session.authorities, 'APPLY_ACL', 'WRITE')) return () => true;
  const own = new Set((await account.get(session.tenant.id, session.user.id)).pcNumbers);
  return (request) => own.has(request.pcNumber);
}

/** History reads (one query for every historical widget and download), imports and the storage jobs. */
export function createHistoryService(options: HistoryServiceOptions) {
  const { db, repository, account, clock } = options;
  const store = historyStore(db);

  async function query(
    session: AuthSession,
    request: HistoryQuery,
    { forbiddenPcNumber }: QueryOptions = { forbiddenPcNumber: 'refuse' },
  ): Promise<HistoryResult> {
    const allowed = await pcNumberRule(account, session);
    if (forbiddenPcNumber === 'refuse') {
      request.series.forEach((s, i) => {
        if (!allowed(s)) throw pcNumberNotAllowed(i, s.pcNumber);
      });
    }
    // The route asks for DEVICES at READ; a widget download, open to every dashboard owner, reads nothing without.
    const readsDevices = hasGrant(session.authorities, 'DEVICES', 'READ');
    const resolved = await resolveSeries(
      repository,
      options.adfs(),
      session.tenant.id,
      request.series,
      (s) => !readsDevices || !allowed(s),
      session.user.languageCode,
    );
    const from = Date.parse(request.from);
    const to = Date.parse(request.to);
    const intervals = resolved.flatMap((s) => (s.buffer ? [s.buffer.intervalMs] : []));
    const finest = intervals.length > 0 ? Math.min(...intervals) : SECOND_MS;
    const width = resolutionMs(from, to, request.maxPoints, finest);
    const main = Buckets.over(from, to, width);
    const ids = [...new Set(resolved.flatMap((s) => (s.buffer ? [s.buffer.id] : [])))];
    const mainData = await readBuckets(store, ids, main);
    let compare: { data: Map<number, Buckets>; shift: number } | null = null;
    if (request.compareFrom) {
      // Bucketed as the main range, then each bucket's time moved onto the main range's bucket of the same rank.
      const start = Math.floor(Date.parse(request.compareFrom) / width) * width;
      const data = await readBuckets(store, ids, { start, width, length: main.length });
      compare = { data, shift: main.start - start };
    }
    return {
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      compareFrom: request.compareFrom ? new Date(Date.parse(request.compareFrom)).toISOString() : null,
      resolutionMs: width,
      series: resolved.map((s) => seriesOf(s, mainData, compare)),
    };
  }

  return {
    query,

    /** Writes a run of samples (values[i] at firstSampleAt + i × interval, NaN a gap) straight into packed rows. */
    importSamples(bufferId: number, firstSampleAt: Date, intervalSeconds: number, values: ArrayLike<number>) {
      return importRuns(db, [{ bufferId, firstSampleAt, intervalSeconds, values }]);
    },

    /** Several runs in one transaction (a demo backfill of every buffer at once). */
    importRuns: (runs: readonly SampleRun[]) => importRuns(db, runs),

    /** Packs the staged samples (autovacuum makes the space of the rows moved reusable); answers how many moved. */
    compact: (): Promise<number> => compact(db, clock.now().getTime()),

    /** Drops what is older than HISTORY_RETENTION_DAYS. */
    applyRetention: (): Promise<void> =>
      applyRetention(db, retentionCutoff(clock.now().getTime(), options.retentionDays)),
  };
}

function seriesOf(
  s: ResolvedSeries,
  main: Map<number, Buckets>,
  compare: { data: Map<number, Buckets>; shift: number } | null,
): HistorySeries {
  const base = { id: s.request.id, status: s.status, name: s.name, unit: s.unit, options: s.options };
  if (!s.buffer) {
    const empty = { points: EMPTY_POINTS, stats: EMPTY_STATS };
    return { ...base, interval: null, ...empty, compare: compare ? empty : null };
  }
  const buckets = main.get(s.buffer.id)!;
  const compared = compare && { buckets: compare.data.get(s.buffer.id)!, shift: compare.shift };
  return {
    ...base,
    interval: s.buffer.intervalMs / 1000,
    points: buckets.points(),
    stats: buckets.stats(),
    compare: compared && { points: compared.buckets.points(compared.shift), stats: compared.buckets.stats() },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
