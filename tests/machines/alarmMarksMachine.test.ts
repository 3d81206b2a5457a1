import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AlarmMarks, AlarmMarksQuery } from '#contracts';
import type { MarksRange } from '../../src/machines/alarmMarks/alarmMarks.events';
import { selectMarks, selectMarksStatus } from '../../src/machines/alarmMarks/alarmMarks.selectors';
import { alarmMarksMachine } from '../../src/machines/alarmMarks/alarmMarksMachine';
import { provideAlarmMarks } from '../../src/machines/alarmMarks/provideAlarmMarks';
import { selectAlarmMarksActor } from '../../src/machines/historyQuery/historyQuery.selectors';
import { provideHistoryQuery } from '../../src/machines/historyQuery/provideHistoryQuery';
import { MORNING_MARKS, NO_MARKS } from '../support/fixtures/alarmMarksFixtures';
import { airSeries, historyAnswer, historyConfig, NOON } from '../support/fixtures/historyFixtures';
import { settle } from '../support/dom/settle';

const MORNING: MarksRange = {
  devices: [{ hexacode: '1A0105', department: '1.0' }],
  from: '2025-03-12T00:00:00.000Z',
  to: '2025-03-12T12:00:00.000Z',
};

function start(load: (range: MarksRange) => Promise<AlarmMarks>) {
  const calls = vi.fn(load);
  const actor = createActor(
    alarmMarksMachine.provide({
      actors: { loadMarks: fromPromise(({ input }: { input: MarksRange }) => calls(input)) },
    }),
  ).start();
  return { actor, calls, snapshot: () => actor.getSnapshot() };
}

describe('the alarm marks machine', () => {
  it('loads nothing until asked, then the marks of the range the chart last showed', async () => {
    const { actor, calls, snapshot } = start(() => Promise.resolve(MORNING_MARKS));
    actor.send({ type: 'alarmMarks.rangeShown', ...MORNING });
    await settle();
    expect(calls).not.toHaveBeenCalled();
    expect([selectMarksStatus(snapshot()), selectMarks(snapshot())]).toEqual(['hidden', null]);
    actor.send({ type: 'alarmMarks.toggle' });
    expect(selectMarksStatus(snapshot())).toBe('loading');
    await settle();
    expect(calls.mock.calls).toEqual([[MORNING]]);
    expect([selectMarksStatus(snapshot()), selectMarks(snapshot())]).toEqual(['shown', MORNING_MARKS]);
  });

  it('follows the range the chart shows while shown, and forgets the marks when hidden', async () => {
    const { actor, calls, snapshot } = start((range) =>
      Promise.resolve(range.to === MORNING.to ? MORNING_MARKS : NO_MARKS),
    );
    actor.send({ type: 'alarmMarks.rangeShown', ...MORNING });
    actor.send({ type: 'alarmMarks.toggle' });
    await settle();
    const later = { ...MORNING, from: MORNING.to, to: '2025-03-12T18:00:00.000Z' };
    actor.send({ type: 'alarmMarks.rangeShown', ...later });
    expect(selectMarksStatus(snapshot())).toBe('loading');
    await settle();
    expect(calls.mock.calls.at(-1)).toEqual([later]);
    expect(selectMarks(snapshot())).toEqual(NO_MARKS);
    actor.send({ type: 'alarmMarks.toggle' });
    expect([selectMarksStatus(snapshot()), snapshot().context.marks]).toEqual(['hidden', null]);
  });

  it('says a failure, loads again when asked, and may be hidden meanwhile', async () => {
    let fail = true;
    const { actor, calls, snapshot } = start(() =>
      fail ? Promise.reject(new Error('500')) : Promise.resolve(MORNING_MARKS),
    );
    actor.send({ type: 'alarmMarks.toggle' });
    await settle();
    expect(selectMarksStatus(snapshot())).toBe('failed');
    fail = false;
    actor.send({ type: 'alarmMarks.retry' });
    await settle();
    expect(selectMarksStatus(snapshot())).toBe('shown');
    expect(calls).toHaveBeenCalledTimes(2);
    fail = true;
    actor.send({ type: 'alarmMarks.rangeShown', ...MORNING });
    await settle();
    actor.send({ type: 'alarmMarks.toggle' });
    expect(selectMarksStatus(snapshot())).toBe('hidden');
  });
});

describe('alarm marks bound to the API and to the chart', () => {
  it('asks once per device of the chart over the range of its answer, and merges the answers in time order', async () => {
    const asked: AlarmMarksQuery[] = [];
    const fetchAlarmMarks = async (query: AlarmMarksQuery): Promise<AlarmMarks> => {
      asked.push(query);
      return query.department === '2.0'
        ? {
            ...NO_MARKS,
            defrosts: [{ department: 2, subDepartment: 0, from: '2025-03-12T03:00:00.000Z', to: null }],
          }
        : MORNING_MARKS;
    };
    const evaporator = { ...airSeries, id: 'evaporator', line: 2 };
    const second = { ...airSeries, id: 'second', department: 2 };
    const actor = createActor(
      provideHistoryQuery({
        queryHistory: async (query) => historyAnswer(query),
        fetchAlarmMarks,
        now: () => NOON,
        timeZone: () => 'UTC',
        ranges: { read: () => null, write: () => {} },
      }),
      { input: { config: historyConfig({ series: [airSeries, evaporator, second] }), widgetId: 'w-chart' } },
    ).start();
    await settle();
    const marks = selectAlarmMarksActor(actor.getSnapshot());
    marks.send({ type: 'alarmMarks.toggle' });
    await settle();
    expect(asked).toEqual([
      {
        hexacode: '1A0105',
        department: '1.0',
        from: '2025-03-11T12:00:00.000Z',
        to: '2025-03-12T12:00:00.000Z',
      },
      {
        hexacode: '1A0105',
        department: '2.0',
        from: '2025-03-11T12:00:00.000Z',
        to: '2025-03-12T12:00:00.000Z',
      },
    ]);
    expect(selectMarks(marks.getSnapshot())?.defrosts.map((d) => d.from)).toEqual([
      '2025-03-12T03:00:00.000Z',
      '2025-03-12T06:00:00.000Z',
    ]);
  });

  it('merges nothing for a chart without devices', async () => {
    const actor = createActor(provideAlarmMarks(vi.fn())).start();
    actor.send({ type: 'alarmMarks.toggle' });
    await settle();
    expect(selectMarks(actor.getSnapshot())).toEqual(NO_MARKS);
  });
});
