import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { HistoryAnswer, HistoryRequest } from '../../src/machines/historyQuery/historyQuery.events';
import { historyQueryMachine } from '../../src/machines/historyQuery/historyQueryMachine';
import { describeMachinePaths, modelEvents, pending, type ModelOptions } from '../support/machinePaths';
import { historyAnswer, historyConfig, HOUR_MS, interval, NOON } from '../support/historyFixtures';

const { done, failed, after } = modelEvents<typeof historyQueryMachine>();

const answer: HistoryAnswer = {
  result: historyAnswer({
    series: historyConfig().series,
    from: new Date(NOON - 24 * HOUR_MS).toISOString(),
    to: new Date(NOON).toISOString(),
    compareFrom: new Date(NOON - 48 * HOUR_MS).toISOString(),
  }),
  fetchedAt: NOON,
  timeZone: 'UTC',
};

const events = [
  done('queryHistory', answer),
  failed('queryHistory'),
  { type: 'history.retry' },
  { type: 'history.setRange', interval: interval({ type: 'LAST_MONTH' }) },
  { type: 'history.setRange', interval: null },
  { type: 'history.zoom', from: NOON - 2 * HOUR_MS, to: NOON - HOUR_MS },
  { type: 'history.zoom', from: NOON, to: NOON },
  { type: 'history.resetZoom' },
  { type: 'history.configure', config: historyConfig() },
  { type: 'history.configure', config: historyConfig({ maxPoints: 200 }) },
  { type: 'history.configure', config: historyConfig({ series: [] }) },
  after('tail', 'historyQuery.ready'),
  after('retry', 'historyQuery.failed'),
] as const;

// Small on purpose: the state, whether a zoom or a chosen range is shown, and whether an answer is kept.
const serializeState = (s: SnapshotFrom<typeof historyQueryMachine>) =>
  JSON.stringify({
    value: s.value,
    zoomed: s.context.zoom !== null,
    view: s.context.view?.type ?? null,
    answered: s.context.result !== null,
    series: s.context.config.series.length,
    maxPoints: s.context.config.maxPoints,
  });

const models: ModelOptions<typeof historyQueryMachine>[] = [
  { input: { config: historyConfig() }, events, serializeState },
  // A widget whose elements have no line yet: nothing to ask until it is configured with one.
  { input: { config: historyConfig({ series: [] }) }, events, serializeState },
];

describeMachinePaths('history query machine paths', historyQueryMachine, {
  models,
  label: (model) => (model.input?.config.series.length ? 'with series' : 'without series'),
  runnable: historyQueryMachine.provide({
    actors: { queryHistory: pending<HistoryAnswer, HistoryRequest>() },
  }),
  check: (actor, path) => {
    const { context } = actor.getSnapshot();
    // The query asked for is always what is shown: the zoom, else the chosen range, else the widget's.
    expect(context.zoom !== null).toBe(path.state.context.zoom !== null);
    expect(context.view?.type ?? null).toBe(path.state.context.view?.type ?? null);
  },
});
