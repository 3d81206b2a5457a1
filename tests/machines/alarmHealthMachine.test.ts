import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import type { HealthRangeDays } from '../../src/machines/alarmHealth/alarmHealth.events';
import {
  selectDays,
  selectFigure,
  selectOverTarget,
  selectTopOffenders,
  selectView,
} from '../../src/machines/alarmHealth/alarmHealth.selectors';
import { alarmHealthMachine } from '../../src/machines/alarmHealth/alarmHealthMachine';
import { provideAlarmHealth } from '../../src/machines/alarmHealth/provideAlarmHealth';
import type { AlarmHealth } from '#contracts';
import { QUIET_DAY, WEEK } from '../support/fixtures/alarmHealthFixtures';
import { accountSettings, operatorSession } from '../support/fixtures/fixtures';
import { settle } from '../support/dom/settle';

const input = { session: operatorSession, settings: accountSettings };

function start(load: (days: HealthRangeDays) => Promise<AlarmHealth>) {
  const calls = vi.fn(load);
  const actor = createActor(
    alarmHealthMachine.provide({
      actors: {
        loadHealth: fromPromise(({ input: range }: { input: { days: HealthRangeDays } }) =>
          calls(range.days),
        ),
      },
    }),
    { input },
  ).start();
  return { actor, calls, settle, snapshot: () => actor.getSnapshot() };
}

describe('the alarm health machine', () => {
  it('loads the last week first, and shows its figures against the targets', async () => {
    const { calls, settle, snapshot } = start(() => Promise.resolve(WEEK));
    expect(selectView(snapshot())).toBe('loading');
    await settle();
    expect(calls.mock.calls).toEqual([[7]]);
    expect(selectView(snapshot())).toBe('shown');
    expect(selectDays(snapshot())).toBe(7);
    expect(selectFigure('averagePerHour')(snapshot())).toBe(7.5);
    expect(selectFigure('floods')(snapshot())).toBe(1);
    expect(selectFigure('suppressed')(snapshot())).toBe(9);
    // Over 6 an hour, a peak above 10 and any flood, standing or chattering alarm miss EEMUA 191's targets.
    expect(
      (['averagePerHour', 'peakPer10Minutes', 'floods', 'standing', 'chattering', 'suppressed'] as const).map(
        (f) => selectOverTarget(f)(snapshot()),
      ),
    ).toEqual([true, true, true, true, true, false]);
    expect(selectTopOffenders(snapshot()).map((o) => o.count)).toEqual([31, 12, 5]);
  });

  it('measures another range when asked, and a quiet day misses no target', async () => {
    const { actor, calls, settle, snapshot } = start((days) =>
      Promise.resolve(days === 1 ? QUIET_DAY : WEEK),
    );
    await settle();
    actor.send({ type: 'alarmHealth.rangeChose', days: 1 });
    expect(selectView(snapshot())).toBe('loading');
    await settle();
    expect(calls.mock.calls).toEqual([[7], [1]]);
    expect(selectDays(snapshot())).toBe(1);
    expect(selectFigure('total')(snapshot())).toBe(0);
    expect(
      (['averagePerHour', 'peakPer10Minutes', 'floods', 'standing', 'chattering'] as const).some((f) =>
        selectOverTarget(f)(snapshot()),
      ),
    ).toBe(false);
    expect(selectTopOffenders(snapshot())).toEqual([]);
  });

  it('may load again after a failure, and closes with nothing changed', async () => {
    let fail = true;
    const { actor, calls, settle, snapshot } = start(() =>
      fail ? Promise.reject(new Error('500')) : Promise.resolve(WEEK),
    );
    await settle();
    expect(selectView(snapshot())).toBe('loadFailed');
    expect(selectFigure('total')(snapshot())).toBe(0);
    fail = false;
    actor.send({ type: 'alarmHealth.retry' });
    await settle();
    expect(selectView(snapshot())).toBe('shown');
    expect(calls).toHaveBeenCalledTimes(2);
    actor.send({ type: 'alarmHealth.close' });
    await expect(toPromise(actor)).resolves.toEqual({});
  });

  it('asks the server for the days up to now', async () => {
    const fetchAlarmHealth = vi.fn(() => Promise.resolve(WEEK));
    const now = new Date('2026-01-15T10:00:00.000Z');
    createActor(
      provideAlarmHealth({ fetchAlarmHealth, fetchAlarmMarks: vi.fn() }, () => now),
      { input },
    ).start();
    await settle();
    expect(fetchAlarmHealth).toHaveBeenCalledWith({
      from: '2026-01-08T10:00:00.000Z',
      to: now.toISOString(),
    });
  });
});
