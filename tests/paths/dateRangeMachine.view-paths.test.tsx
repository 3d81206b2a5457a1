import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { DateRangeEvent } from '../../src/machines/dateRange/dateRange.events';
import { formOf } from '../../src/machines/dateRange/dateRangeForm';
import { dateRangeMachine } from '../../src/machines/dateRange/dateRangeMachine';
import type { WidgetInterval } from '#contracts';
import { rangeOf, rangeText, readDate, TYPE_LABEL, writeDate } from '../support/worlds/dateRangePathTexts';
import { installFakeCanvas } from '../support/fakes/fakeCanvas';
import { historyHandler, type HistoryServer } from '../support/servers/historyHandlers';
import { CHART, openRoomChart, PATH_NOW } from '../support/worlds/historyQueryPathDashboard';
import { describeViewPaths, type ViewPathModel } from '../support/paths/viewPaths';

installFakeCanvas();

type Snapshot = SnapshotFrom<typeof dateRangeMachine>;
const FORMAT = 'DD-MM-YYYY HH:mm';
/** A day February does not have; a valid start; an end before either. */
const BAD_START = '31-02-2026 10:00';
const GOOD_START = '01-03-2026 10:00';
const EARLY_END = '28-02-2026 10:00';
const TOO_FAR = '900';
const TEXT = {
  invalidStart: `Start date is invalid, use ${FORMAT} format`,
  endAfter: (start: string) => `End date value must be after ${start}`,
  compareInvalid: 'Enter a whole number from 1 to 800',
};

const last24: WidgetInterval = { type: 'LAST_24_HOURS', start: null, end: null, compareTo: null };
const firstOfMarch: WidgetInterval = {
  type: 'CUSTOM',
  start: '2026-03-01T00:00:00.000Z',
  end: '2026-03-02T00:00:00.000Z',
  compareTo: null,
};

const events: DateRangeEvent[] = [
  { type: 'dateRange.choose', rangeType: 'LAST_7_DAYS' },
  { type: 'dateRange.choose', rangeType: 'CUSTOM' },
  { type: 'dateRange.changeStart', text: BAD_START },
  { type: 'dateRange.changeStart', text: GOOD_START },
  { type: 'dateRange.changeEnd', text: EARLY_END },
  { type: 'dateRange.setCompare', on: true },
  { type: 'dateRange.setCompare', on: false },
  { type: 'dateRange.changeCompareValue', text: TOO_FAR },
  { type: 'dateRange.changeCompareUnit', unit: 'HOURS' },
  { type: 'dateRange.apply' },
  { type: 'dateRange.cancel' },
];

// What the view can send: nothing once the dialog closed; no event for a choice already made or text already
// there; the comparison's fields only while it is on.
function playable(s: Snapshot, event: DateRangeEvent) {
  const { form } = s.context;
  if (s.status !== 'active') return false;
  switch (event.type) {
    case 'dateRange.choose':
      return form.type !== event.rangeType;
    case 'dateRange.changeStart':
      return form.startText !== event.text;
    case 'dateRange.changeEnd':
      return form.endText !== event.text;
    case 'dateRange.setCompare':
      return form.compare !== event.on;
    case 'dateRange.changeCompareValue':
      return form.compare && form.compareText !== event.text;
    case 'dateRange.changeCompareUnit':
      return form.compare && form.compareUnit !== event.unit;
    default:
      return true;
  }
}

/** The picker opened on the chart's range: a preset, or custom dates. */
function modelOf(label: string, value: WidgetInterval): ViewPathModel<typeof dateRangeMachine> {
  const input = {
    value,
    dateFormat: 'dd-LL-yyyy HH:mm',
    timeZone: 'UTC',
    allowCompare: true,
    now: PATH_NOW,
  } as const;
  const opened = JSON.stringify(formOf(input));
  return {
    label,
    input,
    events,
    // Apply is played on a changed range, so that the details show whether it was applied.
    filterEvents: (s, event) =>
      playable(s, event) && (event.type !== 'dateRange.apply' || JSON.stringify(s.context.form) !== opened),
    serializeState: (s) => JSON.stringify({ value: s.value, form: s.context.form, errors: s.context.errors }),
  };
}

interface Form {
  type: WidgetInterval['type'];
  start: string;
  end: string;
  compare: boolean;
  compareText: string;
  unit: 'HOURS' | 'DAYS';
}

/** What the user chose and typed, the widget's range in its details, and the queries its server was asked. */
interface RangeWorld {
  user: UserEvent;
  history: HistoryServer;
  shown: WidgetInterval;
  /** The dialog is open, or how it closed. */
  ended: 'applied' | 'cancelled' | null;
  form: Form;
  errors: { start?: string; end?: string; compare?: string };
  expectedQueries: ReturnType<typeof rangeOf>[];
}

async function start(inspect: Parameters<typeof openRoomChart>[0], initial: Snapshot): Promise<RangeWorld> {
  const widget = initial.context.form.type === 'CUSTOM' ? firstOfMarch : last24;
  const { handler, server: history } = historyHandler();
  const user = await openRoomChart(inspect, { interval: widget, history: handler });
  const [from, to] = rangeOf(widget);
  const world: RangeWorld = {
    user,
    history,
    shown: widget,
    ended: null,
    form: {
      type: widget.type,
      start: writeDate(Date.parse(from)),
      end: writeDate(Date.parse(to)),
      compare: false,
      compareText: '1',
      unit: 'DAYS',
    },
    errors: {},
    expectedQueries: [rangeOf(widget)],
  };
  // The picker of the widget's own range, in its details (edit mode): the one the app's actor system runs.
  await user.click(screen.getByRole('button', { name: 'Edit dashboard' }));
  await user.click(await screen.findByRole('button', { name: `Edit widget ${CHART}` }));
  await user.click(within(details()).getByRole('button', { name: `Time range: ${rangeText(widget)}` }));
  return world;
}

const dialog = () => screen.getByRole('dialog', { name: 'Time range' });
const details = () => screen.getByRole('dialog', { name: 'Widget details' });

async function retype(world: RangeWorld, field: HTMLElement, text: string) {
  await world.user.clear(field);
  await world.user.type(field, text);
}

/** SPEC §5: the typed dates, the end after the start; a comparison of 1 to 800 hours or days. */
function errorsOf(form: Form): RangeWorld['errors'] {
  const errors: RangeWorld['errors'] = {};
  if (form.type === 'CUSTOM') {
    const from = readDate(form.start);
    const to = readDate(form.end);
    if (from === null) errors.start = TEXT.invalidStart;
    if (from !== null && to !== null && to <= from) errors.end = TEXT.endAfter(form.start);
  }
  const value = Number(form.compareText);
  if (form.compare && !(Number.isInteger(value) && value >= 1 && value <= 800))
    errors.compare = TEXT.compareInvalid;
  return errors;
}

function applied(form: Form): WidgetInterval {
  const custom = form.type === 'CUSTOM';
  const iso = (text: string) => new Date(readDate(text)!).toISOString();
  return {
    type: form.type,
    start: custom ? iso(form.start) : null,
    end: custom ? iso(form.end) : null,
    compareTo: form.compare ? { value: Number(form.compareText), unit: form.unit } : null,
  };
}

async function play(event: DateRangeEvent, world: RangeWorld) {
  const { user, form } = world;
  const shown = dialog();
  switch (event.type) {
    case 'dateRange.choose':
      await user.click(within(shown).getByRole('radio', { name: TYPE_LABEL[event.rangeType] }));
      form.type = event.rangeType;
      world.errors = { compare: world.errors.compare };
      return;
    case 'dateRange.changeStart':
      await retype(world, within(shown).getByRole('textbox', { name: 'Start date' }), event.text);
      form.start = event.text;
      world.errors = { compare: world.errors.compare };
      return;
    case 'dateRange.changeEnd':
      await retype(world, within(shown).getByRole('textbox', { name: 'End date' }), event.text);
      form.end = event.text;
      delete world.errors.end;
      return;
    case 'dateRange.setCompare':
      await user.click(within(shown).getByRole('checkbox', { name: 'Compare with an earlier range' }));
      form.compare = event.on;
      delete world.errors.compare;
      return;
    case 'dateRange.changeCompareValue':
      await retype(world, within(shown).getByRole('spinbutton', { name: 'Earlier by' }), event.text);
      form.compareText = event.text;
      delete world.errors.compare;
      return;
    case 'dateRange.changeCompareUnit':
      await user.click(within(shown).getByRole('button', { name: 'Unit' }));
      await user.click(await screen.findByRole('option', { name: 'Hours' }));
      form.unit = event.unit;
      delete world.errors.compare;
      return;
    case 'dateRange.apply': {
      await user.click(within(shown).getByRole('button', { name: 'Apply' }));
      world.errors = errorsOf(form);
      if (Object.keys(world.errors).length) return;
      world.shown = applied(form);
      world.ended = 'applied';
      return;
    }
    case 'dateRange.cancel':
      await user.click(within(shown).getByRole('button', { name: 'Cancel' }));
      world.ended = 'cancelled';
      return;
  }
}

/** The queries the chart's server was asked: the widget's range (the draft is not saved in these paths). */
function asked(world: RangeWorld) {
  expect(world.history.queries.map((q) => [q.from, q.to, q.compareFrom])).toEqual(world.expectedQueries);
}

/** The open dialog: the range chosen, the comparison and its error, the custom dates when custom. */
function dialogShows(world: RangeWorld, custom: boolean) {
  expect(world.ended).toBeNull();
  const shown = dialog();
  expect(
    screen.queryByRole('dialog', { name: 'Widget details' }),
    'the picker replaces the details',
  ).toBeNull();
  const { form } = world;
  expect(within(shown).getByRole<HTMLInputElement>('radio', { name: TYPE_LABEL[form.type] }).checked).toBe(
    true,
  );
  const start = within(shown).queryByRole<HTMLInputElement>('textbox', { name: 'Start date' });
  const end = within(shown).queryByRole<HTMLInputElement>('textbox', { name: 'End date' });
  expect([start?.value, end?.value]).toEqual(custom ? [form.start, form.end] : [undefined, undefined]);
  const compare = within(shown).getByRole<HTMLInputElement>('checkbox', {
    name: 'Compare with an earlier range',
  });
  expect(compare.checked).toBe(form.compare);
  const value = within(shown).queryByRole<HTMLInputElement>('spinbutton', { name: 'Earlier by' });
  const unit = within(shown).queryByRole('button', { name: 'Unit' });
  const unitLabel = form.unit === 'HOURS' ? 'Hours' : 'Days';
  expect([value?.value, unit?.textContent]).toEqual(
    form.compare ? [form.compareText, unitLabel] : [undefined, undefined],
  );
  const messages = [TEXT.invalidStart, TEXT.endAfter(form.start), TEXT.compareInvalid];
  const errors = [world.errors.start, world.errors.end, world.errors.compare].filter(Boolean);
  expect(messages.filter((text) => within(shown).queryByText(text))).toEqual(errors);
  asked(world);
}

/** The picker closed: the widget's details are back with its range, applied or as it was; none asked yet. */
function closedOn(world: RangeWorld, ended: RangeWorld['ended']) {
  expect(world.ended).toBe(ended);
  expect(screen.queryByRole('dialog', { name: 'Time range' })).toBeNull();
  expect(
    within(details()).getByRole('button', { name: `Time range: ${rangeText(world.shown)}` }),
  ).toBeTruthy();
  asked(world);
}

describeViewPaths("date range picker, played on a chart's range in its details", dateRangeMachine, {
  // Custom dates first: where both models walk a name equally soon, the custom one's path is played.
  model: [modelOf('on custom dates', firstOfMarch), modelOf('on the last 24 hours', last24)],
  start,
  play,
  stop: () => void vi.useRealTimers(),
  states: {
    // Left at once by an eventless transition to the preset or the custom dates: no snapshot rests here.
    opening: (_, world) => dialogShows(world, world.form.type === 'CUSTOM'),
    preset: (_, world) => dialogShows(world, false),
    custom: (_, world) => dialogShows(world, true),
    applied: (_, world) => closedOn(world, 'applied'),
    cancelled: (_, world) => closedOn(world, 'cancelled'),
  },
});
