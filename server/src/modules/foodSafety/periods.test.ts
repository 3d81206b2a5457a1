import { describe, expect, it } from 'vitest';
import { dayWindows } from './days';
import { nextRunAfter, periodBefore } from './periods';

const iso = (ms: number) => new Date(ms).toISOString();

describe('report periods in a store’s time zone', () => {
  it('sends a weekly report on Monday 06:00 local about the week before, Monday first', () => {
    // Wednesday 2026-03-25 in Copenhagen; the clocks go forward on Sunday the 29th.
    const run = nextRunAfter('weekly', Date.parse('2026-03-25T10:00:00Z'), 'Europe/Copenhagen');
    expect(run.toISOString()).toBe('2026-03-30T04:00:00.000Z'); // 06:00 CEST
    const week = periodBefore('weekly', run.getTime(), 'Europe/Copenhagen');
    expect([iso(week.from), iso(week.to)]).toEqual(['2026-03-22T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
  });

  it('reports the month before on the 1st, and a daily run after 06:00 waits for the next day', () => {
    const monthly = nextRunAfter('monthly', Date.parse('2026-02-10T00:00:00Z'), 'UTC');
    expect(monthly.toISOString()).toBe('2026-03-01T06:00:00.000Z');
    const february = periodBefore('monthly', monthly.getTime(), 'UTC');
    expect([iso(february.from), iso(february.to)]).toEqual([
      '2026-02-01T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
    ]);
    expect(nextRunAfter('daily', Date.parse('2026-02-10T06:00:00Z'), 'UTC').toISOString()).toBe(
      '2026-02-11T06:00:00.000Z',
    );
  });

  it('gives the day of a DST change its 23 hours', () => {
    const days = dayWindows(
      Date.parse('2026-03-28T23:00:00Z'),
      Date.parse('2026-03-30T22:00:00Z'),
      'Europe/Copenhagen',
    );
    expect(days.map((d) => [d.date, (d.end - d.start) / 3_600_000])).toEqual([
      ['2026-03-29', 23],
      ['2026-03-30', 24],
    ]);
  });
});
