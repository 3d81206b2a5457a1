import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Chart } from 'chart.js';
import { expect, vi } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { alarmMarksMachine } from '../../src/machines/alarmMarks/alarmMarksMachine';
import type { WidgetInterval } from '#contracts';
import { MORNING_MARKS } from '../support/fixtures/alarmMarksFixtures';
import { heldMarksServer, type HeldMarksServer } from '../support/servers/alarmMarksServer';
import { rangeText, TYPE_LABEL } from '../support/worlds/dateRangePathTexts';
import { installFakeCanvas } from '../support/fakes/fakeCanvas';
import { CHART, openRoomChart, rangeButtonName } from '../support/worlds/historyQueryPathDashboard';
import { heldHistoryServer, type HeldHistoryServer } from '../support/servers/historyQueryPathServer';
import { modelEvents } from '../support/paths/modelEvents';
import { describeViewPaths } from '../support/paths/viewPaths';
import type { ModelOptions } from '../support/paths/coveringPaths';
import { server as msw } from '../ui/setup';

installFakeCanvas();

type MarksModelEvent = Parameters<typeof alarmMarksMachine.transition>[1];
const { done, failed } = modelEvents<typeof alarmMarksMachine>();
const LOADED = done('loadMarks', MORNING_MARKS);
const LOAD_FAILED = failed('loadMarks');
const RANGE_SHOWN: MarksModelEvent = { type: 'alarmMarks.rangeShown', devices: [], from: '', to: '' };

const last24: WidgetInterval = { type: 'LAST_24_HOURS', start: null, end: null, compareTo: null };
const last7: WidgetInterval = { ...last24, type: 'LAST_7_DAYS' };

const model: ModelOptions<typeof alarmMarksMachine> = {
  events: [{ type: 'alarmMarks.toggle' }, { type: 'alarmMarks.retry' }, RANGE_SHOWN, LOADED, LOAD_FAILED],
  serializeState: (s) => JSON.stringify(s.value),
  // The server answers only a waiting request; a range is shown again only where it changes what is asked.
  filterEvents: (s, e) => (e.type.startsWith('xstate.') ? s.matches({ showing: 'loading' }) : true),
};

/** What the user chose and the servers answered. */
interface MarksWorld {
  user: UserEvent;
  history: HeldHistoryServer;
  marks: HeldMarksServer;
  range: WidgetInterval;
  /** The marks requests the chart should have made, by the range of the history drawn ("from to"). */
  expectedRanges: string[];
  shown: boolean;
}

const drawnRange = (world: MarksWorld) => {
  const query = world.history.queries.at(-1)!;
  return `${query.from} ${query.to}`;
};

async function start(inspect: (event: InspectionEvent) => void): Promise<MarksWorld> {
  const history = heldHistoryServer();
  const marks = heldMarksServer();
  msw.use(marks.handler);
  const user = await openRoomChart(inspect, { interval: last24, history: history.handler });
  await history.answer(true);
  await screen.findByRole('button', { name: 'Show alarms' });
  return { user, history, marks, range: last24, expectedRanges: [], shown: false };
}

const toggle = () => screen.getByRole('button', { name: 'Show alarms' });

async function play(event: MarksModelEvent, world: MarksWorld) {
  const { user } = world;
  const type: string = event.type;
  if (event.type === 'alarmMarks.toggle') {
    // By keyboard: the toggle is a button among the chart's controls.
    toggle().focus();
    await user.keyboard('{Enter}');
    world.shown = !world.shown;
    if (world.shown) world.expectedRanges.push(drawnRange(world));
  } else if (event.type === 'alarmMarks.retry') {
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    world.expectedRanges.push(drawnRange(world));
  } else if (event.type === 'alarmMarks.rangeShown') {
    // The chart shows another range: picked from its header, then answered.
    const next = world.range === last24 ? last7 : last24;
    await user.click(screen.getByRole('button', { name: rangeButtonName(rangeText(world.range)) }));
    const picker = screen.getByRole('dialog');
    await user.click(within(picker).getByRole('radio', { name: TYPE_LABEL[next.type] }));
    await user.click(within(picker).getByRole('button', { name: 'Apply' }));
    world.range = next;
    await world.history.answer(true);
    // The chart draws the answer (and tells its marks the range) before the user does anything else.
    await vi.waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
    if (world.shown) world.expectedRanges.push(drawnRange(world));
  } else if (type === LOADED.type) await world.marks.marks(MORNING_MARKS);
  else if (type === LOAD_FAILED.type) await world.marks.unavailable();
  else throw new Error(`No way to play ${type}`);
}

function asked(world: MarksWorld) {
  const hexacode = world.history.queries[0]!.series[0]!.hexacode;
  const made = world.marks.queries.map((q) => `${q.hexacode} ${q.department} ${q.from} ${q.to}`);
  expect(made, JSON.stringify(made)).toEqual(world.expectedRanges.map((range) => `${hexacode} 1.0 ${range}`));
}

/** The annotations drawn on the chart at the marks' times (ms): boxes and lines. */
function drawnMarks(): number[] {
  const canvas = screen.getByRole<HTMLCanvasElement>('img', { name: new RegExp(`^${CHART}: `) });
  const annotations = (
    Chart.getChart(canvas)!.options.plugins as { annotation: { annotations: { xMin?: number }[] } }
  ).annotation.annotations;
  return annotations.flatMap((a) => (typeof a.xMin === 'number' ? [a.xMin] : []));
}
const MARK_TIMES = [
  MORNING_MARKS.defrosts[0]!.from,
  MORNING_MARKS.alarms[0]!.from,
  MORNING_MARKS.acknowledgements[0]!.at,
  MORNING_MARKS.setpoints[0]!.at,
].map(Date.parse);

describeViewPaths('alarm marks on a history chart', alarmMarksMachine, {
  model,
  start,
  play,
  stop: (world) => {
    world.history.stop();
    world.marks.stop();
    vi.useRealTimers();
  },
  states: {
    hidden: (_, world) => {
      expect(toggle().getAttribute('aria-pressed')).toBe('false');
      expect(screen.queryByRole('region', { name: 'Alarms on the chart' })).toBeNull();
      expect(drawnMarks().filter((x) => MARK_TIMES.includes(x))).toEqual([]);
      asked(world);
    },
    'showing.loading': (_, world) => {
      expect(toggle().getAttribute('aria-pressed')).toBe('true');
      expect(screen.getByText('Loading the alarms…')).toBeTruthy();
      expect(world.marks.waiting()).toBe(true);
      asked(world);
    },
    'showing.shown': (_, world) => {
      expect(toggle().getAttribute('aria-pressed')).toBe('true');
      const list = within(screen.getByRole('region', { name: 'Alarms on the chart' }));
      const items = list.getAllByRole('listitem').map((item) => item.textContent);
      expect(items).toHaveLength(4);
      expect(items[0]).toMatch(/^Alarm High temperature: /);
      expect(items[1]).toMatch(/^Acknowledged by anna at .*: Door left open$/);
      expect(items[2]).toMatch(/^Temperature setpoint changed from 4 °C to 3 °C by admin at /);
      expect(items[3]).toMatch(/^Defrost: /);
      expect(
        drawnMarks()
          .filter((x) => MARK_TIMES.includes(x))
          .sort(),
      ).toEqual([...MARK_TIMES].sort());
      asked(world);
    },
    'showing.failed': (_, world) => {
      expect(toggle().getAttribute('aria-pressed')).toBe('true');
      expect(screen.getByRole('alert').textContent).toBe('The alarms could not be loaded');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      asked(world);
    },
  },
});
