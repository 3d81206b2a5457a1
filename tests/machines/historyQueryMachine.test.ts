import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type {
  HistoryAnswer,
  HistoryConfig,
  HistoryRequest,
} from '../../src/machines/historyQuery/historyQuery.events';
import {
  selectHistoryResult,
  selectHistoryStatus,
  selectIsZoomed,
} from '../../src/machines/historyQuery/historyQuery.selectors';
import { HISTORY_RETRY_MS } from '../../src/machines/historyQuery/historyQuery.setup';
import { historyQueryMachine } from '../../src/machines/historyQuery/historyQueryMachine';
import { provideHistoryQuery } from '../../src/machines/historyQuery/provideHistoryQuery';
import { TAIL_DEFAULT_MS, TAIL_GRACE_MS, tailDelay } from '../../src/machines/historyQuery/tail';
import type { HistoryQueryInput, WidgetInterval } from '#contracts';
import type { RangeAddress } from '../../src/services/rangeAddress';
import { historyAnswer, historyConfig, HOUR_MS, interval, NOON } from '../support/fixtures/historyFixtures';

/** A query that answers only when the test says, remembering what it was asked and whether it was aborted. */
function deferredQueries() {
  const calls: {
    request: HistoryRequest;
    signal: AbortSignal;
    settle: (answer: HistoryAnswer | Error) => void;
  }[] = [];
  const logic = fromPromise<HistoryAnswer, HistoryRequest>(
    ({ input, signal }) =>
      new Promise((resolve, reject) =>
        calls.push({
          request: input,
          signal,
          settle: (answer) => (answer instanceof Error ? reject(answer) : resolve(answer)),
        }),
      ),
  );
  return { calls, logic };
}

const answerOf = (from: number, to: number, fetchedAt = to): HistoryAnswer => ({
  result: historyAnswer({
    series: historyConfig().series,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
  }),
  fetchedAt,
  timeZone: 'Europe/Copenhagen',
});

function start(config: HistoryConfig = historyConfig()) {
  const queries = deferredQueries();
  const clock = new SimulatedClock();
  const actor = createActor(historyQueryMachine.provide({ actors: { queryHistory: queries.logic } }), {
    input: { config, widgetId: 'w-chart' },
    clock,
  } as never).start();
  const settle = async (index: number, answer: HistoryAnswer | Error) => {
    queries.calls[index]!.settle(answer);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { actor, clock, calls: queries.calls, settle };
}

describe('history query machine', () => {
  it("queries the widget's interval and shows the answer", async () => {
    const { actor, calls, settle } = start();
    expect(selectHistoryStatus(actor.getSnapshot())).toBe('loading');
    expect(calls[0]!.request).toEqual({
      series: historyConfig().series,
      maxPoints: 1000,
      range: { kind: 'interval', interval: interval() },
    });
    const answer = answerOf(NOON - 24 * HOUR_MS, NOON);
    await settle(0, answer);
    expect(selectHistoryStatus(actor.getSnapshot())).toBe('ready');
    expect(selectHistoryResult(actor.getSnapshot())).toBe(answer.result);
    expect(actor.getSnapshot().context.timeZone).toBe('Europe/Copenhagen');
  });

  it('drops the answer of a range no longer shown, and aborts its request', async () => {
    const { actor, calls, settle } = start();
    actor.send({ type: 'history.setRange', interval: interval({ type: 'LAST_7_DAYS' }) });
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.request.range).toEqual({
      kind: 'interval',
      interval: interval({ type: 'LAST_7_DAYS' }),
    });
    const week = answerOf(NOON - 7 * 24 * HOUR_MS, NOON);
    await settle(1, week);
    await settle(0, answerOf(NOON - 24 * HOUR_MS, NOON));
    expect(selectHistoryResult(actor.getSnapshot())).toBe(week.result);
  });

  it('says a query failed until retried, keeping the last answer', async () => {
    const { actor, settle } = start(historyConfig({ interval: interval({ type: 'LAST_MONTH' }) }));
    const shown = answerOf(NOON - 24 * HOUR_MS, NOON);
    await settle(0, shown);
    actor.send({
      type: 'history.setRange',
      interval: interval({ type: 'CUSTOM', start: '2025-03-01T00:00:00Z', end: '2025-03-02T00:00:00Z' }),
    });
    await settle(1, new Error('502'));
    expect(selectHistoryStatus(actor.getSnapshot())).toBe('failed');
    expect(selectHistoryResult(actor.getSnapshot())).toBe(shown.result);
    actor.send({ type: 'history.retry' });
    expect(selectHistoryStatus(actor.getSnapshot())).toBe('loading');
    const retried = answerOf(NOON - 11 * 24 * HOUR_MS, NOON - 10 * 24 * HOUR_MS);
    await settle(2, retried);
    expect(selectHistoryStatus(actor.getSnapshot())).toBe('ready');
    expect(selectHistoryResult(actor.getSnapshot())).toBe(retried.result);
  });

  it('follows a range that ends now: asks again shortly after the next sample slot', async () => {
    // An hourly buffer that started on the hour; the answer came at 12:20, so the next sample falls at 13:00.
    const config = historyConfig({ sampleStarts: { air: NOON - 10 * HOUR_MS } });
    const { actor, clock, calls, settle } = start(config);
    await settle(0, answerOf(NOON - 24 * HOUR_MS, NOON, NOON + 20 * 60_000));
    clock.increment(40 * 60_000 + TAIL_GRACE_MS - 1);
    expect(calls).toHaveLength(1);
    clock.increment(1);
    expect(calls).toHaveLength(2);
    expect(selectHistoryStatus(actor.getSnapshot())).toBe('loading');
    // The last answer stays shown while the next one loads.
    expect(selectHistoryResult(actor.getSnapshot())).not.toBeNull();
  });

  it('does not follow a past range or a zoom', async () => {
    const past = start(historyConfig({ interval: interval({ type: 'LAST_MONTH' }) }));
    await past.settle(0, answerOf(NOON - 24 * HOUR_MS, NOON));
    past.clock.increment(24 * HOUR_MS);
    expect(past.calls).toHaveLength(1);

    const zoomed = start();
    await zoomed.settle(0, answerOf(NOON - 24 * HOUR_MS, NOON));
    zoomed.actor.send({ type: 'history.zoom', from: NOON - 2 * HOUR_MS, to: NOON - HOUR_MS });
    await zoomed.settle(1, answerOf(NOON - 2 * HOUR_MS, NOON - HOUR_MS));
    zoomed.clock.increment(24 * HOUR_MS);
    expect(zoomed.calls).toHaveLength(2);
  });

  it('zooms to an absolute range keeping the comparison offset, and resets to the range before', async () => {
    const { actor, calls, settle } = start();
    const answer = answerOf(NOON - 24 * HOUR_MS, NOON);
    await settle(0, {
      ...answer,
      result: {
        ...answer.result,
        compareFrom: new Date(NOON - 7 * 24 * HOUR_MS - 24 * HOUR_MS).toISOString(),
      },
    });
    actor.send({ type: 'history.zoom', from: NOON - 3 * HOUR_MS, to: NOON - 3 * HOUR_MS }); // empty: ignored
    expect(calls).toHaveLength(1);
    actor.send({ type: 'history.zoom', from: NOON - 3 * HOUR_MS, to: NOON - HOUR_MS });
    expect(selectIsZoomed(actor.getSnapshot())).toBe(true);
    expect(calls[1]!.request.range).toEqual({
      kind: 'absolute',
      from: NOON - 3 * HOUR_MS,
      to: NOON - HOUR_MS,
      compareFrom: NOON - 3 * HOUR_MS - 7 * 24 * HOUR_MS,
    });
    actor.send({ type: 'history.resetZoom' });
    expect(selectIsZoomed(actor.getSnapshot())).toBe(false);
    expect(calls[2]!.request.range).toEqual({ kind: 'interval', interval: interval() });
  });

  it('starts over when the widget reads something else, and not for the same config', async () => {
    const { actor, calls, settle } = start();
    await settle(0, answerOf(NOON - 24 * HOUR_MS, NOON));
    actor.send({ type: 'history.setRange', interval: interval({ type: 'LAST_30_DAYS' }) });
    actor.send({ type: 'history.configure', config: historyConfig() });
    expect(calls).toHaveLength(2);
    actor.send({ type: 'history.configure', config: historyConfig({ maxPoints: 200 }) });
    expect(calls).toHaveLength(3);
    expect(calls[2]!.request).toMatchObject({ maxPoints: 200, range: { interval: interval() } });
    expect(selectHistoryResult(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'history.configure', config: historyConfig({ series: [] }) });
    expect(selectHistoryStatus(actor.getSnapshot())).toBe('empty');
    expect(calls[2]!.signal.aborted).toBe(true);
  });

  it('tries a failed range that ends now again after a minute', async () => {
    const { actor, clock, calls, settle } = start();
    await settle(0, new Error('timeout'));
    clock.increment(HISTORY_RETRY_MS - 1);
    expect(calls).toHaveLength(1);
    clock.increment(1);
    expect(calls).toHaveLength(2);
    expect(selectHistoryStatus(actor.getSnapshot())).toBe('loading');
  });
});

/** Ranges kept as an address would keep them, in memory. */
function memoryRanges(): RangeAddress & { kept: Map<string, WidgetInterval> } {
  const kept = new Map<string, WidgetInterval>();
  return {
    kept,
    read: (widgetId) => kept.get(widgetId) ?? null,
    write: (widgetId, range) => void (range ? kept.set(widgetId, range) : kept.delete(widgetId)),
  };
}

/** The history query as the app provides it, at NOON in Copenhagen, recording what it sends in `sent`. */
const logicWith = (ranges: RangeAddress, sent: HistoryQueryInput[]) =>
  provideHistoryQuery({
    queryHistory: async (query) => {
      sent.push(query);
      return historyAnswer(query);
    },
    fetchAlarmMarks: () => Promise.reject(new Error('no marks asked for')),
    now: () => NOON,
    timeZone: () => 'Europe/Copenhagen',
    ranges,
  });

describe('provided history query', () => {
  it("resolves the range at the clock's now in the user's time zone and sends it with the comparison", async () => {
    const sent: HistoryQueryInput[] = [];
    const logic = logicWith(memoryRanges(), sent);
    const week = interval({ type: 'LAST_7_DAYS', compareTo: { value: 7, unit: 'DAYS' } });
    const actor = createActor(logic, {
      input: { config: historyConfig({ interval: week }), widgetId: 'w-chart' },
    }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent[0]).toEqual({
      series: historyConfig().series,
      from: '2025-03-05T12:00:00.000Z',
      to: '2025-03-12T12:00:00.000Z',
      compareFrom: '2025-02-26T12:00:00.000Z',
      maxPoints: 1000,
    });
    expect(actor.getSnapshot().context).toMatchObject({ fetchedAt: NOON, timeZone: 'Europe/Copenhagen' });
    actor.send({ type: 'history.zoom', from: NOON - HOUR_MS, to: NOON });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent[1]).toMatchObject({
      from: '2025-03-12T11:00:00.000Z',
      to: '2025-03-12T12:00:00.000Z',
      compareFrom: '2025-03-05T11:00:00.000Z',
    });
  });
});

describe('live tail delay', () => {
  const day = answerOf(NOON - 24 * HOUR_MS, NOON).result;

  it('waits one interval when the phase of the samples is unknown', () => {
    expect(tailDelay(day, NOON, {})).toBe(HOUR_MS + TAIL_GRACE_MS);
  });

  it('waits for the next slot of the soonest series when its buffer start is known', () => {
    const twoSeries = { ...day, series: [day.series[0]!, { ...day.series[0]!, id: 'fast', interval: 300 }] };
    // The 5-minute buffer started at 11:58: its next slot after 12:00 is 12:03.
    expect(tailDelay(twoSeries, NOON, { fast: NOON - 2 * 60_000 })).toBe(3 * 60_000 + TAIL_GRACE_MS);
  });

  it('looks again after a while when no series has a buffer yet', () => {
    const none = { ...day, series: day.series.map((series) => ({ ...series, interval: null })) };
    expect(tailDelay(none, NOON, {})).toBe(TAIL_DEFAULT_MS);
  });
});

describe('a range chosen for a widget', () => {
  it('is kept, shown again by the next history of the widget (a reload), and forgotten when it is edited', async () => {
    const ranges = memoryRanges();
    const sent: HistoryQueryInput[] = [];
    const input = { config: historyConfig(), widgetId: 'w-chart' };
    const first = createActor(logicWith(ranges, sent), { input }).start();
    const week = interval({ type: 'LAST_7_DAYS' });
    first.send({ type: 'history.setRange', interval: week });
    expect(ranges.kept.get('w-chart')).toEqual(week);
    first.stop();

    const reloaded = createActor(logicWith(ranges, sent), { input }).start();
    expect(reloaded.getSnapshot().context.view).toEqual(week);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent.at(-1)).toMatchObject({ from: '2025-03-05T12:00:00.000Z', to: '2025-03-12T12:00:00.000Z' });
    // Another widget's history starts from its own interval.
    const other = createActor(logicWith(ranges, sent), { input: { ...input, widgetId: 'w-other' } }).start();
    expect(other.getSnapshot().context.view).toBeNull();

    reloaded.send({
      type: 'history.configure',
      config: historyConfig({ interval: interval({ type: 'LAST_30_DAYS' }) }),
    });
    expect(ranges.kept.has('w-chart')).toBe(false);
    reloaded.send({ type: 'history.setRange', interval: week });
    reloaded.send({ type: 'history.setRange', interval: null });
    expect(ranges.kept.has('w-chart')).toBe(false);
    [reloaded, other].forEach((actor) => actor.stop());
  });
});
