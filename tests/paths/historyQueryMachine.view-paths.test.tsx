import { act, fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Chart } from 'chart.js';
import { expect, it, vi } from 'vitest';
import {
  createActor,
  SimulatedClock,
  type EventFromLogic,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';
import type { HistoryAnswer, HistoryQueryEvent } from '../../src/machines/historyQuery/historyQuery.events';
import { historyQueryMachine } from '../../src/machines/historyQuery/historyQueryMachine';
import type { WidgetInterval } from '#contracts';
import { decodeRange } from '../../src/services/rangeAddress';
import { rangeOf, rangeText, TYPE_LABEL, writeDate } from '../support/worlds/dateRangePathTexts';
import { installFakeCanvas } from '../support/fakes/fakeCanvas';
import { historyAnswer, historyConfig } from '../support/fixtures/historyFixtures';
import {
  CHART,
  openRoomChart,
  PATH_NOW,
  rangeButtonName,
  ROOM_CHART_ID,
} from '../support/worlds/historyQueryPathDashboard';
import { heldHistoryServer, type HeldHistoryServer } from '../support/servers/historyQueryPathServer';
import { modelEvents } from '../support/paths/modelEvents';
import { describeViewPaths, type ViewPathModel } from '../support/paths/viewPaths';

installFakeCanvas();

type Snapshot = SnapshotFrom<typeof historyQueryMachine>;
type HistoryModelEvent =
  | HistoryQueryEvent
  | { type: 'xstate.done.actor.queryHistory' | 'xstate.error.actor.queryHistory' }
  | { type: 'xstate.after.tail.historyQuery.ready' | 'xstate.after.retry.historyQuery.failed' };

const HOUR = 60 * 60_000;
/**
 * SPEC: a range ending now is asked again shortly (10 s) after the next sample, here an hour on (the answer's
 * buffer interval); a failed one is tried again after a minute.
 */
const TAIL_MS = HOUR + 10_000;
const RETRY_MS = 60_000;
const last24: WidgetInterval = { type: 'LAST_24_HOURS', start: null, end: null, compareTo: null };
const last7: WidgetInterval = { ...last24, type: 'LAST_7_DAYS' };
/** A day in the past: it does not follow now. */
const firstOfMarch: WidgetInterval = {
  type: 'CUSTOM',
  start: '2026-03-01T00:00:00.000Z',
  end: '2026-03-02T00:00:00.000Z',
  compareTo: null,
};

const { done, failed, after } = modelEvents<typeof historyQueryMachine>();
const answer: HistoryAnswer = {
  result: historyAnswer({ series: historyConfig().series, from: rangeOf(last24)[0], to: rangeOf(last24)[1] }),
  fetchedAt: PATH_NOW,
  timeZone: 'UTC',
};
const events: EventFromLogic<typeof historyQueryMachine>[] = [
  done('queryHistory', answer),
  failed('queryHistory'),
  { type: 'history.retry' },
  { type: 'history.setRange', interval: last7 },
  { type: 'history.setRange', interval: firstOfMarch },
  { type: 'history.setRange', interval: null },
  { type: 'history.zoom', from: PATH_NOW - 18 * HOUR, to: PATH_NOW - 6 * HOUR },
  { type: 'history.resetZoom' },
  { type: 'history.configure', config: historyConfig({ interval: last7 }) },
  after('tail', 'historyQuery.ready'),
  after('retry', 'historyQuery.failed'),
];

const edited = (s: Snapshot) => s.context.config.interval.type !== last24.type;
const same = (a: WidgetInterval | null, b: WidgetInterval | null) => JSON.stringify(a) === JSON.stringify(b);

// What the views can send: a range other than the one shown (the widget's own is sent as null); a drag
// across a drawn chart in view mode (edit mode moves widgets), once; Reset zoom while zoomed; one edit.
function playable(s: Snapshot, played: HistoryModelEvent) {
  const { view, zoom, result, config } = s.context;
  switch (played.type) {
    case 'history.setRange':
      return !same(played.interval, view) && !same(played.interval, config.interval);
    case 'history.zoom':
      return result !== null && zoom === null && !edited(s);
    case 'history.resetZoom':
      return zoom !== null;
    case 'history.configure':
      return !edited(s);
    default:
      return true;
  }
}

const model = (label: string, series: boolean): ViewPathModel<typeof historyQueryMachine> => ({
  label,
  input: { config: historyConfig(series ? {} : { series: [] }), widgetId: ROOM_CHART_ID },
  events: series ? events : [],
  filterEvents: (s, event) => playable(s, event as HistoryModelEvent),
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      zoomed: s.context.zoom !== null,
      view: s.context.view?.type ?? null,
      answered: s.context.result !== null,
      edited: edited(s),
    }),
});

interface Range {
  from: number;
  to: number;
  /** How far the asked range may be from this one (a dragged zoom is as exact as a pixel). */
  slack: number;
}

/** What the user and the clock did, and what the server was asked and answered. */
interface HistoryWorld {
  user: UserEvent;
  clock: SimulatedClock;
  server: HeldHistoryServer;
  lineless: boolean;
  now: number;
  /** The widget's stored range, a range chosen from its header, a zoom. */
  widget: WidgetInterval;
  view: WidgetInterval | null;
  zoom: Range | null;
  /** The ranges the chart asked, in order; the range of the answer drawn; whether the last query failed. */
  asked: Range[];
  drawn: { from: string; to: string } | null;
  failed: boolean;
}

async function start(inspect: (event: InspectionEvent) => void, initial: Snapshot): Promise<HistoryWorld> {
  const server = heldHistoryServer();
  const clock = new SimulatedClock();
  const lineless = initial.context.config.series.length === 0;
  const user = await openRoomChart(inspect, { interval: last24, history: server.handler, clock, lineless });
  const world: HistoryWorld = {
    ...{ user, clock, server, lineless, now: PATH_NOW, widget: last24, view: null, zoom: null },
    ...{ asked: [], drawn: null, failed: false },
  };
  if (!lineless) ask(world);
  return world;
}

/** The chart asks for what it shows: the zoom, else the range chosen from its header, else the widget's. */
function ask(world: HistoryWorld) {
  const [from, to] = rangeOf(world.view ?? world.widget, world.now).map((iso) => Date.parse(iso!));
  world.asked.push(world.zoom ?? { from: from!, to: to!, slack: 0 });
  world.failed = false;
}

const rangeButton = (world: HistoryWorld) =>
  screen.getByRole('button', { name: rangeButtonName(rangeText(world.view ?? world.widget)) });

/** Picks `interval` in the date range picker its header opens (Apply). */
async function pickRange(world: HistoryWorld, interval: WidgetInterval) {
  const { user } = world;
  await user.click(rangeButton(world));
  const picker = screen.getByRole('dialog');
  await user.click(within(picker).getByRole('radio', { name: TYPE_LABEL[interval.type] }));
  if (interval.type === 'CUSTOM') {
    for (const [name, iso] of [
      ['Start date', interval.start!],
      ['End date', interval.end!],
    ] as const) {
      await user.clear(within(picker).getByRole('textbox', { name }));
      await user.type(within(picker).getByRole('textbox', { name }), writeDate(Date.parse(iso)));
    }
  }
  await user.click(within(picker).getByRole('button', { name: 'Apply' }));
}

/** Drags across the middle half of the drawn chart: the zoom asks that part of the range drawn. */
function dragAcross(world: HistoryWorld) {
  const canvas = screen.getByRole<HTMLCanvasElement>('img', { name: new RegExp(`^${CHART}: `) });
  const chart = Chart.getChart(canvas)!;
  act(() => chart.resize(600, 300));
  const { left, right, top } = chart.chartArea;
  const at = (fraction: number) => ({
    clientX: left + (right - left) * fraction,
    clientY: top + 20,
    pointerId: 1,
  });
  fireEvent.pointerDown(canvas, { ...at(0.25), button: 0 });
  fireEvent.pointerMove(canvas, at(0.5));
  fireEvent.pointerUp(canvas, at(0.75));
  const from = Date.parse(world.drawn!.from);
  const width = Date.parse(world.drawn!.to) - from;
  world.zoom = { from: from + width / 4, to: from + (width * 3) / 4, slack: width / 100 };
}

/** What the chart shows of its query: whether it is busy, loading its first answer, or failed. */
const queryShown = () => ({
  busy:
    screen
      .queryByRole('img', { name: new RegExp(`^${CHART}: `) })
      ?.closest('[aria-busy]')
      ?.getAttribute('aria-busy') ?? null,
  loading: screen.queryByText('Loading history…') !== null,
  failed: screen.queryByText(`Could not load data for ${CHART} widget`) !== null,
});

/**
 * Time passes: a moment before `ms` the chart shows what it showed (a query started then would show at once, the
 * clock's timers firing within `act`), and at `ms` it asks again.
 */
function passTime(world: HistoryWorld, ms: number) {
  const move = (step: number) =>
    act(() => {
      world.now += step;
      vi.setSystemTime(world.now);
      world.clock.increment(step);
    });
  const before = queryShown();
  move(ms - 1);
  expect(queryShown(), 'nothing is asked before it is due').toEqual(before);
  move(1);
  ask(world);
}

async function play(event: HistoryModelEvent, world: HistoryWorld) {
  const { user, server } = world;
  // Only the path moves time on (vi.waitFor, retrying a state's assertion, advances the fake Date).
  vi.setSystemTime(world.now);
  switch (event.type) {
    case 'xstate.done.actor.queryHistory': {
      await server.answer(true);
      const { from, to } = server.queries.at(-1)!;
      Object.assign(world, { drawn: { from, to }, failed: false });
      return;
    }
    case 'xstate.error.actor.queryHistory':
      await server.answer(false);
      world.failed = true;
      return;
    case 'history.retry':
      await user.click(screen.getByRole('button', { name: `Retry loading ${CHART}` }));
      return ask(world);
    case 'history.setRange':
      await pickRange(world, event.interval ?? world.widget);
      Object.assign(world, { view: event.interval, zoom: null });
      return ask(world);
    case 'history.zoom':
      dragAcross(world);
      return ask(world);
    case 'history.resetZoom':
      await user.click(screen.getByRole('button', { name: 'Reset zoom' }));
      world.zoom = null;
      return ask(world);
    case 'history.configure':
      await editWidgetRange(world, last7);
      return ask(world);
    case 'xstate.after.tail.historyQuery.ready':
      return passTime(world, TAIL_MS);
    case 'xstate.after.retry.historyQuery.failed':
      return passTime(world, RETRY_MS);
  }
}

/** Edits the widget's stored range in edit mode and saves it: the chart starts over from it. */
async function editWidgetRange(world: HistoryWorld, interval: WidgetInterval) {
  const { user } = world;
  await user.click(screen.getByRole('button', { name: 'Edit dashboard' }));
  await user.click(await screen.findByRole('button', { name: `Edit widget ${CHART}` }));
  const details = () => screen.getByRole('dialog', { name: 'Widget details' });
  await user.click(within(details()).getByRole('button', { name: `Time range: ${rangeText(world.widget)}` }));
  const picker = screen.getByRole('dialog', { name: 'Time range' });
  await user.click(within(picker).getByRole('radio', { name: TYPE_LABEL[interval.type] }));
  await user.click(within(picker).getByRole('button', { name: 'Apply' }));
  await user.click(within(details()).getByRole('button', { name: 'Save' }));
  Object.assign(world, { widget: interval, view: null, zoom: null, drawn: null });
}

/** The ranges the server was asked, each as the world expects, and whether the newest waits. */
function askedAre(world: HistoryWorld, waiting: boolean) {
  const asked = world.server.queries.map((q) => ({ from: Date.parse(q.from), to: Date.parse(q.to) }));
  expect(asked.length, 'history queries asked').toBe(world.asked.length);
  world.asked.forEach((range, index) => {
    expect(Math.abs(asked[index]!.from - range.from), `query ${index + 1} from`).toBeLessThanOrEqual(
      range.slack,
    );
    expect(Math.abs(asked[index]!.to - range.to), `query ${index + 1} to`).toBeLessThanOrEqual(range.slack);
  });
  expect(world.server.waiting(), waiting ? 'a query waits' : 'no query waits').toBe(waiting);
}

/** The chart: the last answer drawn over its range (busy while loading) or 'Loading history…'; the header. */
function chartShows(world: HistoryWorld, status: 'loading' | 'ready' | 'failed') {
  const header = rangeButton(world);
  expect(header.getAttribute('aria-pressed')).toBe(String(world.view !== null));
  const canvas = screen.queryByRole('img', { name: new RegExp(`^${CHART}: `) });
  const { drawn } = world;
  const range = drawn && `from ${writeDate(Date.parse(drawn.from))} to ${writeDate(Date.parse(drawn.to))}`;
  expect(canvas?.getAttribute('aria-label') ?? null).toBe(drawn && `${CHART}: 1 series ${range}`);
  if (canvas)
    expect(canvas.closest('[aria-busy]')!.getAttribute('aria-busy')).toBe(String(status === 'loading'));
  const loading = screen.queryByText('Loading history…');
  expect(loading !== null, 'Loading history…').toBe(!drawn && status === 'loading');
  const alert = screen.queryByText(`Could not load data for ${CHART} widget`);
  expect(alert !== null, 'the failure is announced').toBe(status === 'failed');
  if (alert) expect(alert.closest('[role="alert"]')).not.toBeNull();
  const reset = screen.queryByRole('button', { name: 'Reset zoom' });
  expect(reset !== null, 'Reset zoom').toBe(world.zoom !== null && drawn !== null);
  addressShows(world);
}

/** The address keeps the range chosen from the header (a reload shows it again), and only that. */
function addressShows(world: HistoryWorld) {
  const kept = new URLSearchParams(window.location.search).get(`range.${ROOM_CHART_ID}`);
  const range = kept === null ? null : decodeRange(kept);
  expect(range?.type ?? null, 'the range in the address').toBe(world.view?.type ?? null);
  if (range?.type === 'CUSTOM')
    expect([range.start, range.end].map((iso) => Date.parse(iso!))).toEqual(
      [world.view!.start, world.view!.end].map((iso) => Date.parse(iso!)),
    );
}

function emptyShows(world: HistoryWorld) {
  expect(world.lineless).toBe(true);
  expect(screen.getByText('Choose a line for each element to show its history')).toBeTruthy();
  expect(rangeButton(world)).toBeTruthy();
  askedAre(world, false);
}

describeViewPaths('history query, played on a chart of a dashboard', historyQueryMachine, {
  model: [model('a chart of a line', true), model('a chart of no line yet', false)],
  start,
  play,
  stop: (world) => {
    world.server.stop();
    vi.useRealTimers();
  },
  states: {
    // Left at once by an eventless transition: what shows is the state it goes to.
    starting: (_, world) => (world.lineless ? emptyShows(world) : askedAre(world, true)),
    empty: (_, world) => emptyShows(world),
    loading: (_, world) => {
      chartShows(world, 'loading');
      askedAre(world, true);
    },
    ready: (_, world) => {
      expect(world.failed).toBe(false);
      chartShows(world, 'ready');
      askedAre(world, false);
    },
    failed: (_, world) => {
      expect(world.failed).toBe(true);
      chartShows(world, 'failed');
      expect(screen.getByRole('button', { name: `Retry loading ${CHART}` })).toBeTruthy();
      askedAre(world, false);
    },
  },
});

// Covering paths choose another range once; choosing the widget's own one again is the header's other branch.
it("shows the widget's own range again when it is chosen again from the header (no range of its own)", async () => {
  const input = { config: historyConfig(), widgetId: ROOM_CHART_ID };
  const world = await start(() => {}, createActor(historyQueryMachine, { input }).getSnapshot());
  try {
    await play(done('queryHistory', answer) as HistoryModelEvent, world);
    await play({ type: 'history.setRange', interval: last7 }, world);
    await play({ type: 'history.setRange', interval: null }, world);
    await vi.waitFor(() => {
      chartShows(world, 'loading');
      askedAre(world, true);
    });
  } finally {
    world.server.stop();
    vi.useRealTimers();
  }
}, 30_000);
