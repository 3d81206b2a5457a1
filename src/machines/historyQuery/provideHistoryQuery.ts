import { fromPromise } from 'xstate';
import { resolveWidgetRange } from '../../services/contracts';
import type { HistoryApi } from '../../services/api/history';
import type { HistoryAnswer, HistoryRequest } from './historyQuery.events';
import { historyQueryMachine } from './historyQueryMachine';

export interface HistoryServices {
  queryHistory: HistoryApi['queryHistory'];
  /** The clock's now, ms: presets are resolved at query time. */
  now: () => number;
  /** The user's IANA time zone: "last 7 days" are calendar days there. */
  timeZone: () => string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The history query machine bound to its services: each query resolves its range at the clock's now in the
 * user's time zone and asks the server, aborting the request when the machine no longer wants the answer.
 */
export const provideHistoryQuery = ({ queryHistory, now, timeZone }: HistoryServices) =>
  historyQueryMachine.provide({
    actors: {
      queryHistory: fromPromise<HistoryAnswer, HistoryRequest>(async ({ input, signal }) => {
        const zone = timeZone();
        const range =
          input.range.kind === 'absolute'
            ? input.range
            : resolveWidgetRange(input.range.interval, now(), zone);
        const result = await queryHistory(
          {
            series: input.series,
            from: iso(range.from),
            to: iso(range.to),
            compareFrom: range.compareFrom === null ? null : iso(range.compareFrom),
            maxPoints: input.maxPoints,
          },
          signal,
        );
        return { result, fetchedAt: now(), timeZone: zone };
      }),
    },
  });
