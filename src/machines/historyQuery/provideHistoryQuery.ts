import { assign, fromPromise } from 'xstate';
import { resolveWidgetRange } from '#contracts';
import type { AlarmHealthApi } from '../../services/api/alarmHealth';
import type { HistoryApi } from '../../services/api/history';
import { provideAlarmMarks } from '../alarmMarks/provideAlarmMarks';
import type { RangeAddress } from '../../services/rangeAddress';
import type { HistoryAnswer, HistoryRequest } from './historyQuery.events';
import { historyQueryMachine } from './historyQueryMachine';

export interface HistoryServices {
  queryHistory: HistoryApi['queryHistory'];
  fetchAlarmMarks: AlarmHealthApi['fetchAlarmMarks'];
  /** The clock's now, ms: presets are resolved at query time. */
  now: () => number;
  /** The user's IANA time zone: "last 7 days" are calendar days there. */
  timeZone: () => string;
  /** Where the range chosen for a widget is kept across reloads (the address bar). */
  ranges: RangeAddress;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The history query machine bound to its services: each query resolves its range at the clock's now in the
 * user's time zone and asks the server, aborting the request when the machine no longer wants the answer; the
 * range chosen for a widget is kept where `ranges` keeps it.
 */
export const provideHistoryQuery = ({
  queryHistory,
  fetchAlarmMarks,
  now,
  timeZone,
  ranges,
}: HistoryServices) =>
  historyQueryMachine.provide({
    actions: {
      restoreView: assign(({ context }) => ({ view: ranges.read(context.widgetId) })),
      rememberView: (_, { widgetId, interval }) => ranges.write(widgetId, interval),
    },
    actors: {
      alarmMarks: provideAlarmMarks(fetchAlarmMarks),
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
