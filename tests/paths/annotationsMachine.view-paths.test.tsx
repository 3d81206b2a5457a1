import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Chart } from 'chart.js';
import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect, vi } from 'vitest';
import type { InspectionEvent, SnapshotFrom } from 'xstate';
import type { AnnotationsEvent } from '../../src/machines/annotations/annotations.events';
import { annotationsMachine } from '../../src/machines/annotations/annotationsMachine';
import type { ColourPickerOutput } from '../../src/machines/widgetEditor/colourPicker.events';
import { ErrorBody, MarkAreaElements, MarkAreaElementsQuery, type Annotation } from '#contracts';
import { storeSession } from '../support/dom/renderApp';
import type { ModelOptions } from '../support/paths/coveringPaths';
import { dashboardsList } from '../support/fixtures/dashboardFixtures';
import { dashboardHandlers } from '../support/servers/dashboardHandlers';
import { installFakeCanvas } from '../support/fakes/fakeCanvas';
import { operatorSession } from '../support/fixtures/fixtures';
import { historyHandler } from '../support/servers/historyHandlers';
import { defrost, roomChartDashboard } from '../support/fixtures/annotationFixtures';
import { modelEvents } from '../support/paths/modelEvents';
import { describeViewPaths, renderProduct } from '../support/paths/viewPaths';
import { server } from '../ui/setup';
import { toastsAsExpected, toastsShown, type ToastsShown } from '../support/dom/toastsShown';
import { accountSettingsHandler } from '../support/servers/apiHandlers';

installFakeCanvas();

type Snapshot = SnapshotFrom<typeof annotationsMachine>;
/** The model's events: the dialog's own, and the answers of the colour picker and of the server. */
type AnnotationsModelEvent =
  | AnnotationsEvent
  | { type: 'xstate.done.actor.colourPicker'; output: ColourPickerOutput }
  | { type: 'xstate.done.actor.saveAnnotations'; output: Annotation[] }
  | { type: 'xstate.error.actor.saveAnnotations'; error: unknown };

// 30 March 2026, 10:00 UTC; the app runs in UTC, the account writes dates as 2026-03-30 10:00.
const NOW = Date.parse('2026-03-30T10:00:00Z');
const DATE_FORMAT = 'yyyy-LL-dd HH:mm';
const DIALOG = 'Annotations of Room chart';
const DEFAULT_COLOUR = '#FF0000FF';
const DOOR_OPEN = 'Door open';
/** A start no format accepts, and an end before any start the paths type. */
const BAD_START = '2026-03-30 25:00';
const EARLY_END = '2026-01-01 00:00';

const TEXT = {
  saved: 'Annotations saved',
  saveFailed: 'The annotations could not be saved',
  labelRequired: 'Label is required',
  badStart: 'Start date is invalid, use YYYY-MM-DD HH:mm format',
  earlyEnd: (start: string) => `End date value must be after ${start}`,
};

// The server echoes the saved list with ids: a save's answer is the list that was pending, named here by labels.
const { done, failed } = modelEvents<typeof annotationsMachine>();
const savedList = (names: string[]) =>
  done(
    'saveAnnotations',
    names.map((name, index) => ({ ...defrost, id: `a-${index + 1}`, name })),
  );
const savedNames = [[], ['Defrost'], [DOOR_OPEN], ['Defrost', DOOR_OPEN], [DOOR_OPEN, DOOR_OPEN]];
const names = (list: readonly Annotation[] | null) => (list ?? []).map((each) => each.name).join('|');

// The model alone has no dashboard editor to tell and no notifications: those actions are no-ops in it (the
// product's actor runs the real ones, and the states below check their effects on the chart and the toasts).
const alone = annotationsMachine.provide({ actions: { tellSaved: () => {}, notify: () => {} } });

const model: ModelOptions<typeof alone> = {
  input: {
    dashboardId: 'd-overview',
    widgetId: 'w-chart',
    widgetName: 'Room chart',
    annotations: [defrost],
    dateFormat: DATE_FORMAT,
    timeZone: 'UTC',
    now: NOW,
  },
  events: [
    { type: 'annotation.add' },
    { type: 'annotation.edit', index: 0 },
    { type: 'annotation.delete', index: 0 },
    { type: 'annotation.changeLabel', text: '' },
    { type: 'annotation.changeLabel', text: DOOR_OPEN },
    { type: 'annotation.changeStart', text: BAD_START },
    { type: 'annotation.changeEnd', text: EARLY_END },
    { type: 'annotation.pickColour' },
    done('colourPicker', { colour: '#2196F3FF' }),
    done('colourPicker', { colour: null }),
    { type: 'annotation.save' },
    { type: 'annotation.cancel' },
    ...savedNames.map(savedList),
    failed('saveAnnotations'),
    { type: 'annotations.close' },
  ],
  filterEvents: (s: Snapshot, played) => {
    const event = played as AnnotationsModelEvent;
    if (s.status !== 'active') return false;
    // Two annotations are enough to show the list; the graph stays finite.
    if (event.type === 'annotation.add') return s.context.annotations.length < 2;
    // Typing what a field already holds changes nothing: the view sends no event for it.
    const { form } = s.context;
    if (event.type === 'annotation.changeLabel') return form?.label !== event.text;
    if (event.type === 'annotation.changeStart') return form?.startText !== event.text;
    if (event.type === 'annotation.changeEnd') return form?.endText !== event.text;
    if (event.type === 'xstate.done.actor.saveAnnotations')
      return names(event.output) === names(s.context.pending);
    return true;
  },
  serializeState: (s: Snapshot) =>
    JSON.stringify({
      value: s.value,
      list: names(s.context.annotations),
      pending: names(s.context.pending),
      form: s.context.form && {
        isNew: s.context.form.index === null,
        label: s.context.form.label,
        start: s.context.form.startText === BAD_START,
        end: s.context.form.endText === EARLY_END,
      },
      errors: Object.keys(s.context.errors).sort(),
    }),
};

interface FormWorld {
  isNew: boolean;
  label: string;
  colour: string;
  start: string;
  end: string;
}

/** What the user did in the dialog and what the server answered. */
interface AnnotationsWorld {
  user: UserEvent;
  toasts: ToastsShown;
  /** The list the server stores, and the save requests it received. */
  stored: Annotation[];
  saves: { query: unknown; body: Annotation[] }[];
  respond: ((response: Response) => void) | null;
  form: FormWorld | null;
  /** Which stored annotation the form edits: null for a new one. */
  editing: number | null;
  /** The errors the form shows (after a refused Save, until the field they belong to is edited). */
  errors: string[];
  closed: boolean;
  expectedSaves: Annotation[][];
  expectedToasts: string[];
}

const dashboard = roomChartDashboard;

async function start(inspect: (event: InspectionEvent) => void): Promise<AnnotationsWorld> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  const world: AnnotationsWorld = {
    user: userEvent.setup({ delay: null }),
    toasts: toastsShown(),
    stored: [defrost],
    saves: [],
    respond: null,
    form: null,
    editing: null,
    errors: [],
    closed: false,
    expectedSaves: [],
    expectedToasts: [],
  };
  server.use(
    historyHandler().handler,
    accountSettingsHandler({ dateFormat: DATE_FORMAT }),
    http.get('*/api/v2/dashboards/d-overview', () => HttpResponse.json(dashboard())),
    // Each save is held until the path plays its answer.
    http.post('*/api/v2/dashboards/widgets/mark-area-elements', async ({ request }) => {
      const query = v.parse(MarkAreaElementsQuery, Object.fromEntries(new URL(request.url).searchParams));
      const body = v.parse(MarkAreaElements, await request.json());
      world.saves.push({ query, body });
      return new Promise<Response>((resolve) => (world.respond = resolve));
    }),
    ...dashboardHandlers(dashboardsList).handlers,
  );
  storeSession(operatorSession);
  renderProduct('/dashboard/d-overview', { inspect });
  // The path starts as the user opens the chart's annotations (in view mode).
  await world.user.click(await screen.findByRole('button', { name: DIALOG }));
  return world;
}

const writeDate = (iso: string) => iso.slice(0, 16).replace('T', ' ');
const formOf = (annotation: Annotation | undefined): FormWorld =>
  annotation
    ? {
        isNew: false,
        label: annotation.name,
        colour: annotation.color,
        start: writeDate(annotation.startDate),
        end: writeDate(annotation.endDate),
      }
    : { isNew: true, label: '', colour: DEFAULT_COLOUR, start: '2026-03-30 09:00', end: '2026-03-30 10:00' };

/** SPEC §5 annotation checks, as this test's texts meet them. */
function errorsOf(form: FormWorld) {
  const errors: string[] = [];
  if (form.label.trim() === '') errors.push(TEXT.labelRequired);
  if (form.start === BAD_START) errors.push(TEXT.badStart);
  else if (form.end === EARLY_END) errors.push(TEXT.earlyEnd(form.start));
  return errors;
}

/** The list with the form's annotation in place (or added), as the dialog sends it. */
function withForm(world: AnnotationsWorld, index: number | null, form: FormWorld): Annotation[] {
  const annotation = (id?: string): Annotation => ({
    ...(id ? { id } : {}),
    name: form.label.trim(),
    color: form.colour,
    startDate: `${form.start.replace(' ', 'T')}:00.000Z`,
    endDate: `${form.end.replace(' ', 'T')}:00.000Z`,
  });
  if (index === null) return [...world.stored, annotation()];
  return world.stored.map((each, at) => (at === index ? annotation(each.id) : each));
}

const listDialog = () => screen.getByRole('dialog', { name: DIALOG });
const formDialog = (form: FormWorld) =>
  screen.getByRole('dialog', { name: form.isNew ? 'New annotation' : 'Edit annotation' });
const textbox = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const button = (name: string | RegExp) => screen.getByRole<HTMLButtonElement>('button', { name });

async function retype(world: AnnotationsWorld, name: string, text: string) {
  await world.user.clear(textbox(name));
  if (text) await world.user.type(textbox(name), text);
}

async function play(event: AnnotationsModelEvent, world: AnnotationsWorld) {
  const { user } = world;
  const form = world.form;
  switch (event.type) {
    case 'annotation.add':
    case 'annotation.edit': {
      const index = event.type === 'annotation.add' ? null : event.index;
      const name = index === null ? 'Add annotation' : /^Edit annotation /;
      await user.click(within(listDialog()).getAllByRole('button', { name })[index ?? 0]!);
      world.editing = index;
      world.form = formOf(index === null ? undefined : world.stored[index]);
      world.errors = [];
      return;
    }
    case 'annotation.delete':
      await user.click(
        within(listDialog()).getAllByRole('button', { name: /^Delete annotation / })[event.index]!,
      );
      world.expectedSaves.push(world.stored.filter((_, at) => at !== event.index));
      return;
    case 'annotation.changeLabel':
      await retype(world, 'Label', event.text);
      form!.label = event.text;
      world.errors = world.errors.filter((error) => error !== TEXT.labelRequired);
      return;
    case 'annotation.changeStart':
      await retype(world, 'Start date', event.text);
      form!.start = event.text;
      world.errors = world.errors.filter((error) => error === TEXT.labelRequired);
      return;
    case 'annotation.changeEnd':
      await retype(world, 'End date', event.text);
      form!.end = event.text;
      world.errors = world.errors.filter((error) => !error.startsWith('End date'));
      return;
    case 'annotation.pickColour':
      return user.click(button(`Colour: ${form!.colour}`));
    case 'xstate.done.actor.colourPicker': {
      const colour = event.output?.colour;
      if (!colour) {
        await user.click(button('Clear'));
        form!.colour = DEFAULT_COLOUR;
      } else {
        await user.click(button(`Colour ${colour.slice(0, 7)}`));
        await user.click(button('Save'));
        form!.colour = colour;
      }
      return;
    }
    case 'annotation.save': {
      await user.click(within(formDialog(form!)).getByRole('button', { name: 'Save' }));
      world.errors = errorsOf(form!);
      if (!world.errors.length) world.expectedSaves.push(withForm(world, world.editing, form!));
      return;
    }
    case 'annotation.cancel':
      await user.click(button('Cancel'));
      world.form = null;
      world.errors = [];
      return;
    case 'annotations.close':
      await user.click(within(listDialog()).getByRole('button', { name: 'Close' }));
      world.closed = true;
      return;
    case 'xstate.done.actor.saveAnnotations':
      return answerSave(world, true);
    case 'xstate.error.actor.saveAnnotations':
      return answerSave(world, false);
    default:
      throw new Error(`No way to play ${(event as { type: string }).type}`);
  }
}

/** The server's answer to the held save: the list stored with ids, or a 500 (SPEC §8: the form stays). */
async function answerSave(world: AnnotationsWorld, ok: boolean) {
  await vi.waitFor(() => expect(world.respond, 'a save waits').not.toBeNull());
  const { body } = world.saves.at(-1)!;
  if (ok) {
    world.stored = body.map((each, index) => ({ ...each, id: each.id ?? `a-new-${index}` }));
    world.respond!(HttpResponse.json(world.stored));
    Object.assign(world, { form: null, errors: [] });
    world.expectedToasts.push(TEXT.saved);
  } else {
    const error = { statusCode: 500, code: 'X', error: 'X', message: 'Database unavailable' };
    world.respond!(HttpResponse.json(v.parse(ErrorBody, error), { status: 500 }));
    world.expectedToasts.push(TEXT.saveFailed);
  }
  world.respond = null;
}

/** What was sent (each save to this widget, with the whole list) and the toasts shown. */
function sent(world: AnnotationsWorld, waiting: boolean) {
  const query = { dashboard: 'd-overview', widget: 'w-chart' };
  expect(world.saves).toEqual(world.expectedSaves.map((body) => ({ query, body })));
  expect(world.respond !== null, waiting ? 'a save waits' : 'no save waits').toBe(waiting);
  toastsAsExpected(world);
}

/** The mark areas the chart draws (behind the dialog): their labels, as the server stores them. */
function chartShowsStored(world: AnnotationsWorld) {
  const widget = screen.getByRole('article', { name: 'Room chart', hidden: true });
  const chart = Chart.getChart(within(widget).getByRole('img', { hidden: true }) as HTMLCanvasElement)!;
  const areas = (chart.options.plugins as { annotation: { annotations: object } }).annotation.annotations;
  const labels = Object.values(areas as Record<string, { label: { content: string } }>);
  expect(labels.map((area) => area.label.content)).toEqual(world.stored.map((each) => each.name));
}

/** The list: each stored annotation with its dates, its buttons enabled unless a save runs. */
function listShown(world: AnnotationsWorld, saving: boolean) {
  const list = listDialog();
  const items = within(list).queryAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual(
    world.stored.map((each) => `${each.name}${writeDate(each.startDate)} – ${writeDate(each.endDate)}✎✕`),
  );
  expect(within(list).queryByText('No annotations yet') !== null).toBe(world.stored.length === 0);
  const add = within(list).getByRole<HTMLButtonElement>('button', { name: 'Add annotation' });
  expect(add.disabled).toBe(saving);
  for (const each of within(list).queryAllByRole<HTMLButtonElement>('button', { name: /annotation / }))
    expect(each.disabled, each.getAttribute('aria-label')!).toBe(saving);
  expect(within(list).queryByRole('status') !== null, 'Saving… announced').toBe(saving);
}

/** The form with what the user typed and the errors of the last refused Save. */
function formShown(world: AnnotationsWorld, saving: boolean) {
  const form = world.form!;
  const dialog = formDialog(form);
  expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Label' }).value).toBe(form.label);
  expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Start date' }).value).toBe(
    form.start,
  );
  expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'End date' }).value).toBe(form.end);
  expect(within(dialog).getByRole('button', { name: `Colour: ${form.colour}` })).toBeTruthy();
  const possible = [TEXT.labelRequired, TEXT.badStart, TEXT.earlyEnd(form.start)];
  expect(possible.filter((text) => within(dialog).queryByText(text) !== null)).toEqual(world.errors);
  const save = within(dialog).getByRole<HTMLButtonElement>('button', { name: saving ? 'Saving…' : 'Save' });
  expect(save.disabled).toBe(saving);
  expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(saving);
}

describeViewPaths('annotations dialog, played on a LINE_CHART of a dashboard', alone, {
  model,
  start,
  play,
  stop: () => {
    vi.useRealTimers();
  },
  states: {
    listing: (_, world) => {
      expect(world.form, 'the form is closed').toBeNull();
      expect(world.closed).toBe(false);
      listShown(world, false);
      chartShowsStored(world);
      sent(world, false);
    },
    editing: (_, world) => {
      expect(world.form, 'the form is open').not.toBeNull();
      formShown(world, false);
      expect(screen.queryByRole('dialog', { name: DIALOG })).toBeNull();
      sent(world, false);
    },
    pickingColour: (_, world) => {
      const picker = screen.getByRole('dialog', { name: 'Colour' });
      const hex = within(picker).getByRole<HTMLInputElement>('textbox', { name: 'Hex colour' });
      expect(hex.value).toBe(world.form!.colour);
      expect(screen.queryByRole('dialog', { name: /annotation/i })).toBeNull();
      sent(world, false);
    },
    saving: (_, world) => {
      if (world.form) formShown(world, true);
      else listShown(world, true);
      sent(world, true);
    },
    closed: (_, world) => {
      expect(world.closed).toBe(true);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(button(DIALOG).disabled).toBe(false);
      chartShowsStored(world);
      sent(world, false);
    },
  },
});
