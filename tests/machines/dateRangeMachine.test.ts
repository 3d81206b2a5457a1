import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { DateRangeInput } from '../../src/machines/dateRange/dateRange.events';
import { dateRangeMachine } from '../../src/machines/dateRange/dateRangeMachine';
import { formatDate, formatDay, formatLabel, parseDate } from '../../src/machines/dateRange/dateText';
import { preferencesOf } from '../../src/machines/userPreferences';
import { interval } from '../support/fixtures/historyFixtures';
import { sessionWith } from '../support/fixtures/preferencesFixtures';
import { DEFAULT_ACCOUNT_SETTINGS, type AccountSettings } from '#contracts';

// Monday 30 March 2026, 12:00 in Copenhagen (CEST, UTC+2), 06:00 in New York (EDT): never the machine's zone.
const NOW = Date.parse('2026-03-30T10:00:00Z');
const CPH = 'Europe/Copenhagen';

function start(input: Partial<DateRangeInput> = {}) {
  return createActor(dateRangeMachine, {
    input: {
      value: interval({ type: 'LAST_24_HOURS' }),
      dateFormat: 'dd-LL-yyyy HH:mm',
      timeZone: CPH,
      allowCompare: true,
      now: NOW,
      ...input,
    },
  }).start();
}

describe('dates in the user’s format and time zone', () => {
  it('writes and reads the wall clock of the given zone', () => {
    expect(formatDate(NOW, 'dd-LL-yyyy HH:mm', CPH)).toBe('30-03-2026 12:00');
    expect(formatDate(NOW, 'LL-dd-yyyy HH:mm', 'America/New_York')).toBe('03-30-2026 06:00');
    expect(formatDate(NOW, 'yyyy-LL-dd HH:mm', 'UTC')).toBe('2026-03-30 10:00');
    expect(parseDate(' 30-03-2026 12:00 ', 'dd-LL-yyyy HH:mm', CPH)).toBe(NOW);
    expect(parseDate('03-30-2026 06:00', 'LL-dd-yyyy HH:mm', 'America/New_York')).toBe(NOW);
  });

  it('writes a calendar day in the date part of the format', () => {
    expect(formatDay('2026-01-04', 'dd-LL-yyyy HH:mm')).toBe('04-01-2026');
    expect(formatDay('2026-01-04', 'LL-dd-yyyy HH:mm')).toBe('01-04-2026');
    expect(formatDay('2026-12-31', 'yyyy-LL-dd HH:mm')).toBe('2026-12-31');
  });

  it('refuses what is not exactly the format, hours past 23, minutes past 59, days that do not exist', () => {
    for (const text of [
      '30-3-2026 12:00',
      '30-03-2026 24:00',
      '30-03-2026 12:60',
      '31-02-2026 10:00',
      'soon',
    ])
      expect(parseDate(text, 'dd-LL-yyyy HH:mm', CPH)).toBeNull();
    // 02:30 on 29 March does not exist in Copenhagen: the clocks jump from 02:00 to 03:00.
    expect(parseDate('29-03-2026 02:30', 'dd-LL-yyyy HH:mm', CPH)).toBeNull();
    expect(parseDate('29-03-2026 02:30', 'dd-LL-yyyy HH:mm', 'UTC')).not.toBeNull();
  });

  it('names the formats as SPEC §5 does', () => {
    expect(formatLabel('dd-LL-yyyy HH:mm')).toBe('DD-MM-YYYY HH:mm');
    expect(formatLabel('LL-dd-yyyy HH:mm')).toBe('MM-DD-YYYY HH:mm');
    expect(formatLabel('yyyy-LL-dd HH:mm')).toBe('YYYY-MM-DD HH:mm');
  });
});

describe('date range machine', () => {
  it('applies a preset as its type alone', () => {
    const actor = start();
    expect(actor.getSnapshot().value).toBe('preset');
    actor.send({ type: 'dateRange.choose', rangeType: 'LAST_MONTH' });
    actor.send({ type: 'dateRange.apply' });
    expect(actor.getSnapshot().output).toEqual({ value: interval({ type: 'LAST_MONTH' }) });
  });

  it('fills the custom dates with the current range, in the user’s zone', () => {
    const actor = start({ value: interval({ type: 'LAST_7_DAYS' }) });
    actor.send({ type: 'dateRange.choose', rangeType: 'CUSTOM' });
    const { form } = actor.getSnapshot().context;
    expect([form.startText, form.endText]).toEqual(['23-03-2026 12:00', '30-03-2026 12:00']);
    actor.send({ type: 'dateRange.apply' });
    expect(actor.getSnapshot().output?.value).toEqual({
      type: 'CUSTOM',
      start: '2026-03-23T11:00:00.000Z', // CET, before the change
      end: '2026-03-30T10:00:00.000Z',
      compareTo: null,
    });
  });

  it('opens a stored custom range in the custom fields', () => {
    const actor = start({
      value: interval({ type: 'CUSTOM', start: '2026-03-01T00:00:00Z', end: '2026-03-02T06:30:00Z' }),
      dateFormat: 'yyyy-LL-dd HH:mm',
    });
    expect(actor.getSnapshot().value).toBe('custom');
    expect(actor.getSnapshot().context.form).toMatchObject({
      startText: '2026-03-01 01:00',
      endText: '2026-03-02 07:30',
    });
  });

  it('refuses dates not in the format, an end not after the start and a range over 400 days', () => {
    const actor = start({
      value: interval({ type: 'CUSTOM', start: '2026-03-01T00:00:00Z', end: '2026-03-02T00:00:00Z' }),
    });
    actor.send({ type: 'dateRange.changeStart', text: '2026-03-01' });
    actor.send({ type: 'dateRange.apply' });
    expect(actor.getSnapshot().context.errors).toEqual({ start: 'dateRange.invalidDate' });
    actor.send({ type: 'dateRange.changeStart', text: '03-03-2026 10:00' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'dateRange.apply' });
    expect(actor.getSnapshot().context.errors).toEqual({ end: 'dateRange.endAfterStart' });
    actor.send({ type: 'dateRange.changeStart', text: '01-01-2025 00:00' });
    actor.send({ type: 'dateRange.apply' });
    expect(actor.getSnapshot().context.errors).toEqual({ end: 'dateRange.tooLong' });
    // Choosing a preset drops the custom dates' errors; the dates are not checked for it.
    actor.send({ type: 'dateRange.choose', rangeType: 'THIS_MONTH' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'dateRange.apply' });
    expect(actor.getSnapshot().output?.value.type).toBe('THIS_MONTH');
  });

  it('adds a comparison of 1 to 800 hours or days when allowed', () => {
    const actor = start();
    actor.send({ type: 'dateRange.setCompare', on: true });
    actor.send({ type: 'dateRange.changeCompareValue', text: '0' });
    actor.send({ type: 'dateRange.apply' });
    expect(actor.getSnapshot().context.errors).toEqual({ compare: 'dateRange.compareInvalid' });
    actor.send({ type: 'dateRange.changeCompareValue', text: '6' });
    actor.send({ type: 'dateRange.changeCompareUnit', unit: 'HOURS' });
    actor.send({ type: 'dateRange.apply' });
    expect(actor.getSnapshot().output?.value.compareTo).toEqual({ value: 6, unit: 'HOURS' });

    const off = start({ value: interval({ type: 'LAST_24_HOURS', compareTo: { value: 2, unit: 'DAYS' } }) });
    expect(off.getSnapshot().context.form).toMatchObject({ compare: true, compareText: '2' });
    off.send({ type: 'dateRange.setCompare', on: false });
    off.send({ type: 'dateRange.apply' });
    expect(off.getSnapshot().output?.value.compareTo).toBeNull();
  });

  it('ignores the comparison where it is not allowed, and ends with null when cancelled', () => {
    const actor = start({ allowCompare: false });
    actor.send({ type: 'dateRange.setCompare', on: true });
    expect(actor.getSnapshot().context.form.compare).toBe(false);
    actor.send({ type: 'dateRange.cancel' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toBeNull();
  });
});

describe('user preferences', () => {
  const settings: AccountSettings = {
    ...DEFAULT_ACCOUNT_SETTINGS,
    pcNumbers: [7, 3],
    defaultPcNumber: 3,
    dateFormat: 'LL-dd-yyyy HH:mm',
  };

  it('offers the own PC numbers, or 1–99 with APPLY_ACL at WRITE; buffers are created with BUFFERS at WRITE', () => {
    const own = preferencesOf(sessionWith(['APPLY_ACL', 'READ'], ['BUFFERS', 'READ']), settings, CPH);
    expect(own).toMatchObject({ pcNumbers: [3, 7], defaultPcNumber: 3, mayCreateBuffers: false });
    expect(own).toMatchObject({ dateFormat: 'LL-dd-yyyy HH:mm', timeZone: CPH, minBufferInterval: 288 });
    const any = preferencesOf(sessionWith('APPLY_ACL', 'BUFFERS'), settings, CPH);
    expect(any.pcNumbers).toHaveLength(99);
    expect([any.pcNumbers[0], any.pcNumbers[98], any.mayCreateBuffers]).toEqual([1, 99, true]);
  });
});
