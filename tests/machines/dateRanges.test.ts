import { describe, expect, it } from 'vitest';
import { resolveWidgetRange, type WidgetInterval } from '#contracts';

const ZONE = 'Europe/Copenhagen';
const interval = (type: WidgetInterval['type'], extra: Partial<WidgetInterval> = {}): WidgetInterval => ({
  type,
  start: null,
  end: null,
  compareTo: null,
  ...extra,
});
const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 3_600_000;

describe('date range presets in the user time zone', () => {
  // Monday 30 March 2026, 12:00 in Copenhagen (CEST, UTC+2): the clocks went forward on Sunday at 02:00.
  const now = Date.parse('2026-03-30T10:00:00Z');

  it('counts the last 24 hours in real hours and the last 7 days in calendar days across the change', () => {
    const day = resolveWidgetRange(interval('LAST_24_HOURS'), now, ZONE);
    expect(day.to - day.from).toBe(24 * HOUR);
    const week = resolveWidgetRange(interval('LAST_7_DAYS'), now, ZONE);
    expect(iso(week.from)).toBe('2026-03-23T11:00:00.000Z'); // 12:00 CET a week before
    expect(week.to - week.from).toBe(167 * HOUR);
  });

  it('starts this month and last month at local midnight, whatever their length', () => {
    expect(iso(resolveWidgetRange(interval('THIS_MONTH'), now, ZONE).from)).toBe('2026-02-28T23:00:00.000Z');
    const last = resolveWidgetRange(interval('LAST_MONTH'), now, ZONE);
    expect([iso(last.from), iso(last.to)]).toEqual(['2026-01-31T23:00:00.000Z', '2026-02-28T23:00:00.000Z']);
    const march = resolveWidgetRange(interval('LAST_MONTH'), Date.parse('2026-04-15T10:00:00Z'), ZONE);
    expect(march.to - march.from).toBe((31 * 24 - 1) * HOUR); // March lost an hour
  });

  it('keeps a custom range and compares with a range shifted by hours or calendar days', () => {
    const custom = interval('CUSTOM', { start: '2026-03-01T00:00:00Z', end: '2026-03-02T00:00:00Z' });
    expect(resolveWidgetRange(custom, now, ZONE)).toEqual({
      from: Date.parse('2026-03-01T00:00:00Z'),
      to: Date.parse('2026-03-02T00:00:00Z'),
      compareFrom: null,
    });
    const weekBefore = resolveWidgetRange(
      interval('LAST_7_DAYS', { compareTo: { value: 7, unit: 'DAYS' } }),
      now,
      ZONE,
    );
    expect(iso(weekBefore.compareFrom!)).toBe('2026-03-16T11:00:00.000Z');
    const hoursBefore = resolveWidgetRange(
      interval('LAST_24_HOURS', { compareTo: { value: 6, unit: 'HOURS' } }),
      now,
      ZONE,
    );
    expect(hoursBefore.from - hoursBefore.compareFrom!).toBe(6 * HOUR);
  });

  it('falls back to the last 24 hours for a custom range without both dates', () => {
    const range = resolveWidgetRange(interval('CUSTOM', { start: '2026-03-01T00:00:00Z' }), now, ZONE);
    expect(range.to - range.from).toBe(24 * HOUR);
  });
});
