import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { selectHistoryActor } from '../../src/machines/dashboardEditor/historyActors';
import { dashboardEditorMachine } from '../../src/machines/dashboardEditor/dashboardEditorMachine';
import type { WidgetDownloadRequest } from '../../src/machines/dashboardEditor/widgetDownload';
import type { HistoryAnswer, HistoryRequest } from '../../src/machines/historyQuery/historyQuery.events';
import { historyQueryMachine } from '../../src/machines/historyQuery/historyQueryMachine';
import { DEFAULT_PREFERENCES } from '../../src/machines/userPreferences';
import { provideSignedInWorld } from '../../src/machines/app/provideSignedInWorld';
import { type HistoryQueryInput, type OpenedDashboard } from '#contracts';
import { fakeServices } from '../support/fakes/fakeServices';
import { dashboardOf, widgetOf } from '../support/fixtures/widgetFixtures';
import { historyAnswer, HOUR_MS, NOON } from '../support/fixtures/historyFixtures';

const air = { id: 'air', hexacode: '1A0105', department: 1, subDepartment: 0, pageNumber: 1, lineNumber: 1 };
const dashboard: OpenedDashboard = dashboardOf({ id: 'd-history', name: 'History' }, [
  widgetOf(
    'LINE_CHART',
    [
      { ...air, useDefaultPcNumber: false, buffer: { pcNumber: 2 } },
      { ...air, id: 'air-default', lineNumber: 2 },
    ],
    { id: 'chart', name: 'Air' },
  ),
  widgetOf('LINE', [air], { id: 'live', name: 'Live air' }),
  widgetOf('CARD_CHART', [{ ...air, compareWith: 'CUSTOM_VALUE', compareToValue: 3 }], { id: 'card' }),
]);

function start() {
  const queries: HistoryRequest[] = [];
  const downloads: WidgetDownloadRequest[] = [];
  const actor = createActor(
    dashboardEditorMachine.provide({
      actors: {
        loadDashboard: fromPromise(async () => dashboard),
        historyQuery: historyQueryMachine.provide({
          actors: {
            queryHistory: fromPromise<HistoryAnswer, HistoryRequest>(async ({ input }) => {
              queries.push(input);
              const from = new Date(NOON - 24 * HOUR_MS).toISOString();
              const result = historyAnswer({ series: input.series, from, to: new Date(NOON).toISOString() });
              return { result, fetchedAt: NOON, timeZone: 'UTC' };
            }),
          },
        }),
        downloadWidget: fromPromise(async ({ input }: { input: WidgetDownloadRequest }) => {
          downloads.push(input);
        }),
      },
      actions: { notify: () => {} },
    }),
  ).start();
  actor.send({ type: 'dashboard.open', id: dashboard.id });
  return { actor, queries, downloads };
}

const historyOf = (actor: ReturnType<typeof start>['actor'], id: string) =>
  selectHistoryActor(id)(actor.getSnapshot());

describe('dashboard editor: history of its widgets', () => {
  it('keeps a history query for each widget that reads history, with its series', async () => {
    const { actor, queries } = start();
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(historyOf(actor, 'chart')).not.toBeNull();
    // Live lines, and a card comparing with a custom value, read no history.
    expect(historyOf(actor, 'live')).toBeNull();
    expect(historyOf(actor, 'card')).toBeNull();
    await vi.waitFor(() => expect(queries).toHaveLength(1));
    expect(queries[0]!.series).toEqual([
      { id: 'air', hexacode: '1A0105', department: 1, subDepartment: 0, page: 1, line: 1, pcNumber: 2 },
      {
        id: 'air-default',
        hexacode: '1A0105',
        department: 1,
        subDepartment: 0,
        page: 1,
        line: 2,
        pcNumber: 1,
      },
    ]);
    // The user's default PC number, once the app tells it, is what elements using the default read.
    actor.send({
      type: 'dashboard.preferencesChanged',
      preferences: { ...DEFAULT_PREFERENCES, defaultPcNumber: 3 },
    });
    await vi.waitFor(() => expect(queries).toHaveLength(2));
    expect(queries[1]!.series.map(({ pcNumber }) => pcNumber)).toEqual([2, 3]);
    actor.send({ type: 'dashboard.close' });
    expect(actor.getSnapshot().children).toEqual({});
  });

  it('stops the history of a removed widget and starts it again when the edit is discarded', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('loaded'));
    const first = historyOf(actor, 'chart')!;
    actor.send({ type: 'dashboard.edit' });
    actor.send({ type: 'dashboard.removeWidget', id: 'chart' });
    expect(historyOf(actor, 'chart')).toBeNull();
    expect(first.getSnapshot().status).toBe('stopped');
    actor.send({ type: 'dashboard.leaveEdit' });
    actor.send({ type: 'dashboard.discard' });
    expect(historyOf(actor, 'chart')!.getSnapshot().status).toBe('active');
  });

  it('downloads a widget of history over the range it shows', async () => {
    const { actor, downloads } = start();
    await waitFor(actor, (s) => s.matches('loaded'));
    await waitFor(historyOf(actor, 'chart')!, (s) => s.matches('ready'));
    actor.send({ type: 'dashboard.downloadWidget', id: 'chart', exportType: 'CSV' });
    actor.send({ type: 'dashboard.downloadWidget', id: 'live', exportType: 'CSV' });
    await vi.waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads[0]!.range).toEqual({ from: '2025-03-11T12:00:00.000Z', to: '2025-03-12T12:00:00.000Z' });
    expect(downloads[1]!.range).toBeNull();
  });

  it('is wired to the API: queries the history, and downloads with the shown range and the time zone', async () => {
    const { services } = fakeServices({
      getDashboard: vi.fn(async () => dashboard),
      queryHistory: vi.fn(async (query: HistoryQueryInput) => historyAnswer(query)),
    });
    const world = provideSignedInWorld(services);
    const actor = createActor(world.dashboardEditor).start();
    actor.send({ type: 'dashboard.open', id: dashboard.id });
    await waitFor(actor, (s) => s.matches('loaded'));
    await waitFor(historyOf(actor, 'chart')!, (s) => s.matches('ready'));
    const [query, signal] = vi.mocked(services.api.queryHistory).mock.calls[0]!;
    expect(query.series).toHaveLength(2);
    expect(signal).toBeInstanceOf(AbortSignal);
    const shown = historyOf(actor, 'chart')!.getSnapshot().context.result!;
    actor.send({ type: 'dashboard.downloadWidget', id: 'chart', exportType: 'CSV' });
    await vi.waitFor(() => expect(services.api.downloadWidget).toHaveBeenCalled());
    expect(vi.mocked(services.api.downloadWidget).mock.calls[0]).toEqual([
      {
        dashboardId: 'd-history',
        widgetId: 'chart',
        from: shown.from,
        to: shown.to,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
      { exportType: 'CSV', fileName: 'Air' },
    ]);
    actor.stop();
  });
});
