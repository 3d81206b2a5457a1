import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { DateRangeInput } from '../../src/machines/dateRange/dateRange.events';
import { dateRangeMachine } from '../../src/machines/dateRange/dateRangeMachine';
import { formErrors } from '../../src/machines/dateRange/dateRangeForm';
import { describeMachinePaths, type ModelOptions } from '../support/machinePaths';

type Snapshot = SnapshotFrom<typeof dateRangeMachine>;
const base: DateRangeInput = {
  value: { type: 'LAST_24_HOURS', start: null, end: null, compareTo: null },
  dateFormat: 'dd-LL-yyyy HH:mm',
  timeZone: 'Europe/Copenhagen',
  allowCompare: true,
  now: Date.parse('2026-03-30T10:00:00Z'),
};

const model = (input: DateRangeInput): ModelOptions<typeof dateRangeMachine> => ({
  input,
  events: [
    { type: 'dateRange.choose', rangeType: 'LAST_7_DAYS' },
    { type: 'dateRange.choose', rangeType: 'CUSTOM' },
    { type: 'dateRange.changeStart', text: '31-02-2026 10:00' },
    { type: 'dateRange.changeStart', text: '01-03-2026 10:00' },
    { type: 'dateRange.changeEnd', text: '28-02-2026 10:00' },
    { type: 'dateRange.setCompare', on: true },
    { type: 'dateRange.setCompare', on: false },
    { type: 'dateRange.changeCompareValue', text: '900' },
    { type: 'dateRange.changeCompareUnit', unit: 'HOURS' },
    { type: 'dateRange.apply' },
    { type: 'dateRange.cancel' },
  ],
  // A finished picker takes no more events.
  filterEvents: (s: Snapshot) => s.status === 'active',
  serializeState: (s: Snapshot) => {
    const { form, errors, dateFormat, timeZone } = s.context;
    return JSON.stringify({
      value: s.value,
      compare: form.compare,
      valid: Object.keys(formErrors(form, dateFormat, timeZone)).length === 0,
      shown: Object.keys(errors).length > 0,
    });
  },
});

describeMachinePaths('date range machine paths', dateRangeMachine, {
  models: [
    model(base),
    model({ ...base, allowCompare: false }),
    model({
      ...base,
      value: { type: 'CUSTOM', start: '2026-03-01T00:00:00Z', end: '2026-03-02T00:00:00Z', compareTo: null },
    }),
  ],
  label: (m) => `${m.input?.value.type}${m.input?.allowCompare ? ' with comparison' : ''}`,
  check: (actor) => {
    const snapshot = actor.getSnapshot();
    if (snapshot.status !== 'done' || !snapshot.output) return;
    const { value } = snapshot.output;
    // The interval shape of the contract: ISO dates only for a custom range, the end after the start.
    if (value.type === 'CUSTOM') expect(Date.parse(value.end!)).toBeGreaterThan(Date.parse(value.start!));
    else expect([value.start, value.end]).toEqual([null, null]);
  },
});
