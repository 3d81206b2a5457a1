import '../fakes/resizeObserver';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type HttpHandler } from 'msw';
import * as v from 'valibot';
import { expect, vi } from 'vitest';
import type { InspectionEvent, SimulatedClock } from 'xstate';
import { Dashboard, type WidgetInterval } from '#contracts';
import { storeSession } from '../dom/renderApp';
import { server } from '../../ui/setup';
import { roomChartDashboard } from '../fixtures/annotationFixtures';
import { dashboardsList } from '../fixtures/dashboardFixtures';
import { dashboardHandlers } from '../servers/dashboardHandlers';
import { operatorSession } from '../fixtures/fixtures';
import { renderProduct } from '../paths/viewPaths';

/** 30 March 2026, 10:00 UTC: the clock of the history path tests (the app runs in UTC). */
export const PATH_NOW = Date.parse('2026-03-30T10:00:00Z');
export const CHART = 'Room chart';
/** Its widget's id (annotationFixtures.ts): a range chosen for it is kept in the address under it. */
export const ROOM_CHART_ID = 'w-chart';
/** The header button that opens the chart's date range picker, by the range it shows. */
export const rangeButtonName = (range: string) => `Range shown by ${CHART}: ${range}`;

export interface RoomChartOptions {
  /** The range the widget stores. */
  interval: WidgetInterval;
  /** The server's POST /api/v2/history/query. */
  history: HttpHandler;
  /** The clock of the app's actor system (its delays), when the path moves time on. */
  clock?: SimulatedClock;
  /** Its element has no line chosen yet: nothing to ask the history of. */
  lineless?: boolean;
}

/**
 * The Overview dashboard showing the room chart (one series, the cold room's air), in the whole SPA signed
 * in as the operator. `Date` is faked at PATH_NOW so presets resolve to known ranges; timers stay real.
 */
export async function openRoomChart(
  inspect: (event: InspectionEvent) => void,
  { interval, history, clock, lineless = false }: RoomChartOptions,
) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(PATH_NOW);
  const room = roomChartDashboard();
  const dashboard = v.parse(Dashboard, {
    ...room,
    widgets: room.widgets.map((widget) => ({
      ...widget,
      interval,
      markAreaElements: [],
      elements: widget.elements.map((element) => ({ ...element, lineNumber: lineless ? null : 1 })),
    })),
  });
  server.use(
    history,
    http.get('*/api/v2/dashboards/d-overview', () => HttpResponse.json(dashboard)),
    ...dashboardHandlers(dashboardsList).handlers,
  );
  storeSession(operatorSession);
  renderProduct('/dashboard/d-overview', { inspect, clock });
  await screen.findByRole('button', { name: new RegExp(`^${rangeButtonName('')}`) }, { timeout: 20_000 });
  // The chart's renderer loads lazily (the widget's summary shows until then): slow on a busy machine.
  await waitFor(() => expect(screen.queryByText(/^Line chart, \d+ elements?$/)).toBeNull(), {
    timeout: 20_000,
  });
  return userEvent.setup({ delay: null });
}
