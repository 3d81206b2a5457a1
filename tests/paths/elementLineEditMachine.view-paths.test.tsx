import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect, vi } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { elementLineEditMachine } from '../../src/machines/elementLineEdit/elementLineEditMachine';
import { Dashboard, ErrorBody, LinesRequest, LinesResponse, type Line } from '#contracts';
import { storeSession } from '../support/dom/renderApp';
import type { ModelOptions } from '../support/paths/coveringPaths';
import { editedDashboard, freezerPage } from '../support/fixtures/dashboardEditorFixtures';
import { dashboardsList } from '../support/fixtures/dashboardFixtures';
import { dashboardHandlers } from '../support/servers/dashboardHandlers';
import { setpointLine } from '../support/fixtures/devicePageFixtures';
import { operatorSession } from '../support/fixtures/fixtures';
import { lineWriteServer, type LineWriteServer } from '../support/servers/lineWriteServer';
import { modelEvents } from '../support/paths/modelEvents';
import { describeViewPaths, renderProduct } from '../support/paths/viewPaths';
import { server } from '../ui/setup';
import { toastsAsExpected, toastsShown, type ToastsShown } from '../support/dom/toastsShown';

type ElementLineEditModelEvent = Parameters<typeof elementLineEditMachine.transition>[1];

/** The Freezer line widget with line edit on: its first element, Cabinet temperature, is line 1 of 00A1. */
const dashboard = v.parse(Dashboard, {
  ...editedDashboard,
  widgets: editedDashboard.widgets.map((widget, index) => ({ ...widget, enableLineEdit: index === 0 })),
});
const element = dashboard.widgets[0]!.elements[0]!;
const EDIT_BUTTON = 'Edit Cabinet temperature';
/** The element's line as the device page holds it. */
const cabinetLine: Line = { ...setpointLine, hexacode: '00A1', name: 'Cabinet setpoint', value: '-18.0' };
const otherLine: Line = { ...cabinetLine, id: '00A1-1-0-1-2', number: 2, lineNumber: 2, name: 'Other' };
const NEW_VALUE = '-20.5';

const { done, failed } = modelEvents<typeof elementLineEditMachine>();
const model: ModelOptions<typeof elementLineEditMachine> = {
  input: { element },
  events: [
    done('loadLine', cabinetLine),
    done('loadLine', { ...cabinetLine, readOnly: true }),
    done('loadLine', null),
    failed('loadLine'),
    done('lineEdit', { result: 'saved' }),
    done('lineEdit', { result: 'cancelled' }),
  ],
  serializeState: (s) => JSON.stringify({ value: s.value, line: s.context.line !== null }),
};

const TOAST = {
  notEditable: 'This line cannot be changed from the dashboard',
  loadFailed: 'The line could not be loaded; try again',
  updated: 'Line updated',
};

/** What the operator did on the dashboard and what the server and the device answered. */
interface ElementWorld {
  user: UserEvent;
  device: LineWriteServer;
  toasts: ToastsShown;
  /** Lines requests the server received (the element's page), and the one it holds. */
  loads: v.InferOutput<typeof LinesRequest>[];
  respondLoad: ((response: Response) => void) | null;
  /** Where SPEC §4 puts the operator: the line is being read, its dialog is open, or the edit is over. */
  step: 'loading' | 'editing' | 'done';
  /** The line the server answered, which the dialog shows. */
  line: Line | null;
  expectedToasts: string[];
  expectedWrites: { value: string }[];
}

async function start(inspect: (event: InspectionEvent) => void): Promise<ElementWorld> {
  const world: ElementWorld = {
    user: userEvent.setup({ delay: null }),
    device: lineWriteServer(),
    toasts: toastsShown(),
    loads: [],
    respondLoad: null,
    step: 'loading',
    line: null,
    expectedToasts: [],
    expectedWrites: [],
  };
  server.use(...dashboardHandlers(dashboardsList).handlers);
  // Used after the list's handlers, so they come first: the dashboard with its widgets, and the element's page.
  server.use(
    http.get('*/api/v2/dashboards/d-overview', () => HttpResponse.json(dashboard)),
    http.post('*/api/v2/devices/pages/lines', async ({ request }) => {
      world.loads.push(v.parse(LinesRequest, await request.json()));
      return new Promise<Response>((resolve) => (world.respondLoad = resolve));
    }),
  );
  storeSession(operatorSession);
  renderProduct('/dashboard/d-overview', { inspect });
  // The path starts as the operator asks to edit the element's line.
  const edit = await screen.findByRole('button', { name: EDIT_BUTTON });
  await world.user.click(edit);
  return world;
}

async function answerLoad(world: ElementWorld, response: Response) {
  await vi.waitFor(() => expect(world.respondLoad, 'a lines request waits').not.toBeNull());
  world.respondLoad!(response);
  world.respondLoad = null;
}

const linesAnswer = (lines: Line[]) => HttpResponse.json(v.parse(LinesResponse, { status: 'OK', lines }));
const dialog = () => screen.getByRole('dialog', { name: 'Line details' });
const inDialog = (name: string) => within(dialog()).getByRole<HTMLButtonElement>('button', { name });

async function play(event: ElementLineEditModelEvent, world: ElementWorld) {
  const type: string = event.type;
  const output = (event as { output?: unknown }).output;
  if (type === 'xstate.error.actor.loadLine') {
    await answerLoad(
      world,
      HttpResponse.json(
        v.parse(ErrorBody, { statusCode: 500, code: 'INTERNAL', error: 'Internal', message: 'Internal' }),
        { status: 500 },
      ),
    );
    world.step = 'done';
    world.expectedToasts.push(TOAST.loadFailed);
  } else if (type === 'xstate.done.actor.loadLine') {
    const line = output as Line | null;
    // The page holds the line (perhaps read-only), or not at all: SPEC §4 opens the dialog only on an editable one.
    await answerLoad(world, linesAnswer(line ? [line, otherLine] : [otherLine]));
    if (line && !line.readOnly) Object.assign(world, { step: 'editing', line });
    else {
      world.step = 'done';
      world.expectedToasts.push(TOAST.notEditable);
    }
  } else if (type === 'xstate.done.actor.lineEdit') {
    await editLine(world, (output as { result: string }).result === 'saved');
  } else throw new Error(`No way to play ${type}`);
}

/** The line edit itself, as the operator does it in the dialog: a new value saved and accepted, or Cancel. */
async function editLine(world: ElementWorld, save: boolean) {
  const { user } = world;
  world.step = 'done';
  if (!save) return user.click(inDialog('Cancel'));
  const field = within(dialog()).getByRole('textbox', { name: 'Value' });
  await user.clear(field);
  await user.type(field, NEW_VALUE);
  await user.click(inDialog('Save'));
  world.expectedWrites.push({ value: NEW_VALUE });
  await world.device.accept();
  world.expectedToasts.push(TOAST.updated);
}

/** What was sent: the element's page read, and every write for its line. */
function sent(world: ElementWorld) {
  const page = { ...freezerPage, page: freezerPage.pageNumber };
  expect(world.loads).toEqual([
    expect.objectContaining({
      hexacode: page.hexacode,
      rawHexacode: page.hexacode,
      department: page.department,
      subDepartment: page.subDepartment,
      page: page.page,
    }),
  ]);
  const target = { hexacode: page.hexacode, department: 1, subDepartment: 0, page: 1, line: 1 };
  expect(world.device.writes).toEqual(world.expectedWrites.map(({ value }) => ({ ...target, value })));
  toastsAsExpected(world);
}

const noDialog = () => expect(screen.queryByRole('dialog', { name: 'Line details' })).toBeNull();

describeViewPaths('element line edit, played from a LINE widget of a dashboard', elementLineEditMachine, {
  model,
  start,
  play,
  // The widgets offer line edit only on elements with a whole line address (hasLineAddress).
  unreachable: {
    'elementLineEdit.checking always #2':
      'the product offers line edit only on elements with a line address: no edit button otherwise',
  },
  states: {
    // Left at once by an eventless transition: the user never sees it; it shows nothing of its own.
    checking: noDialog,
    loading: (_, world) => {
      expect(world.step, 'where SPEC §4 puts the operator').toBe('loading');
      noDialog();
      expect(world.respondLoad, "the element's line is being read").not.toBeNull();
      sent(world);
    },
    editing: (_, world) => {
      expect(world.step, 'where SPEC §4 puts the operator').toBe('editing');
      const shown = dialog();
      expect(within(shown).getByText('Line 1')).toBeTruthy();
      expect(within(shown).getByText(world.line!.name)).toBeTruthy();
      expect(within(shown).getByText(`${world.line!.value} °C`)).toBeTruthy();
      const field = within(shown).getByRole<HTMLInputElement>('textbox', { name: 'Value' });
      expect(field.value).toBe(world.line!.value);
      expect(inDialog('Save').disabled).toBe(false);
      expect(inDialog('Cancel').disabled).toBe(false);
      expect(world.respondLoad, 'no lines request waits').toBeNull();
      sent(world);
    },
    done: (_, world) => {
      expect(world.step, 'where SPEC §4 puts the operator').toBe('done');
      noDialog();
      expect(world.respondLoad, 'no lines request waits').toBeNull();
      expect(world.device.waiting(), 'no write waits').toBe(false);
      sent(world);
      // The dashboard is back in front of the operator, ready for another edit.
      expect(screen.getByRole<HTMLButtonElement>('button', { name: EDIT_BUTTON }).disabled).toBe(false);
    },
  },
});
