import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { InspectionEvent, SnapshotFrom } from 'xstate';
import { newElement } from '../../src/machines/widgetEditor/widgetDefaults';
import { elementsOf } from '../../src/machines/widgetEditor/widgetDraft';
import { widgetEditorMachine } from '../../src/machines/widgetEditor/widgetEditorMachine';
import { installFakeCanvas } from '../support/fakes/fakeCanvas';
import { modelEvents } from '../support/paths/modelEvents';
import { describeViewPaths, type ViewPathModel } from '../support/paths/viewPaths';
import { newPosition, savedLineWidget } from '../support/fixtures/widgetEditorFixtures';
import {
  choose,
  deviceServer,
  dialogNamed,
  openEditMode,
  pickRoomLine,
  retype,
} from '../support/worlds/widgetEditorPath';

installFakeCanvas();

type Snapshot = SnapshotFrom<typeof widgetEditorMachine>;
type ModelEvent = { type: string } & Record<string, unknown>;

const { done } = modelEvents<typeof widgetEditorMachine>();
// The element the step gives back once a line is picked (its fields as the contract has them).
const LINED = done('widgetElement', {
  elements: [{ ...newElement(0), ...savedLineWidget.elements[0] }],
  wholePage: false,
});
const COLOUR = '#2196F3';
const TYPES = { CARD_CHART: 'Metric card', TABLE: 'Table' } as const;
const NO_LINE = 'No line chosen';
const ROOM_LINE = 'Cold room · Room 1 — Line 1';
const TITLE = 'Add widget';
const ERRORS = {
  type: 'select a widget type',
  name: 'Name is required',
  none: 'Add at least one element',
  line: 'Choose a line for every element',
};

const model: ViewPathModel<typeof widgetEditorMachine> = {
  input: { widget: null, position: newPosition },
  events: [
    { type: 'widget.changeType', widgetType: 'CARD_CHART' },
    { type: 'widget.changeType', widgetType: 'TABLE' },
    { type: 'widget.change', patch: { name: 'Room' } },
    { type: 'table.toggle', axis: 'lineSelection', key: 'the first element' },
    { type: 'widget.pickColour', field: 'defaultColor' },
    { type: 'widget.pickInterval' },
    { type: 'element.add' },
    { type: 'element.edit', index: 0 },
    { type: 'element.remove', index: 0 },
    { type: 'element.move', index: 0, offset: 1 },
    { type: 'widget.save' },
    { type: 'widget.cancel' },
    done('colourPicker', { colour: COLOUR }),
    done('colourPicker', null),
    done('dateRange', { value: { type: 'LAST_30_DAYS', start: null, end: null, compareTo: null } }),
    done('dateRange', null),
    LINED,
    done('widgetElement', null),
  ],
  // Only what the dialog offers: a type's own controls, a name typed once, at most two elements.
  filterEvents: (s: Snapshot, event) => {
    const { draft } = s.context;
    const count = elementsOf(draft).length;
    switch (event.type) {
      case 'widget.changeType':
        return event.widgetType !== draft.type;
      case 'widget.change':
        return !draft.fields.name;
      case 'table.toggle':
        return draft.type === 'TABLE' && count === 1;
      case 'widget.pickInterval':
        return draft.type === 'CARD_CHART';
      // The colours are shown once a type is chosen.
      case 'widget.pickColour':
        return draft.type !== null;
      case 'element.add':
        return count < 2;
      default:
        return true;
    }
  },
  serializeState: (s: Snapshot) => {
    const elements = elementsOf(s.context.draft);
    return JSON.stringify({
      value: s.value,
      type: s.context.draft.type,
      count: elements.length,
      lined: elements.map((e) => e.lineNumber !== null),
      named: Boolean(s.context.draft.fields.name),
    });
  },
};

/** What the user did in the dialog, as SPEC §2 says the details then read. */
interface EditorWorld {
  user: UserEvent;
  type: keyof typeof TYPES | null;
  name: string;
  /** Each type's element list, as summaries; a type keeps its list while another is tried. */
  lists: Partial<Record<keyof typeof TYPES, string[]>>;
  editIndex: number;
  colour: string | null;
  interval: string;
  errors: string[];
  outcome: 'open' | 'saved' | 'cancelled';
}

async function start(inspect: (event: InspectionEvent) => void): Promise<EditorWorld> {
  const user = await openEditMode({ inspect, devices: deviceServer() });
  await user.click(screen.getByRole('button', { name: 'Add widget' }));
  return {
    user,
    type: null,
    name: '',
    lists: {},
    editIndex: 0,
    colour: null,
    interval: 'Last 7 days',
    errors: [],
    outcome: 'open',
  };
}

const listOf = (world: EditorWorld) => (world.type ? (world.lists[world.type] ??= [NO_LINE]) : []);

/** SPEC §5 widget: a type, a name, and a line for every element. */
function errorsOf(world: EditorWorld) {
  const list = listOf(world);
  return [
    ...(world.type ? [] : [ERRORS.type]),
    ...(world.name.trim() ? [] : [ERRORS.name]),
    ...(world.type && list.length === 0 ? [ERRORS.none] : []),
    ...(list.includes(NO_LINE) ? [ERRORS.line] : []),
  ];
}

const without = (errors: string[], ...dropped: string[]) => errors.filter((e) => !dropped.includes(e));

async function play(event: ModelEvent, world: EditorWorld) {
  const { user } = world;
  const inDialog = (name: string) => within(dialogNamed(name));
  const list = listOf(world);
  switch (event.type) {
    case 'widget.changeType': {
      const type = event.widgetType as keyof typeof TYPES;
      await choose(user, 'Widget type', TYPES[type]);
      world.type = type;
      world.errors = without(world.errors, ERRORS.type, ERRORS.none, ERRORS.line);
      return;
    }
    case 'widget.change':
      await retype(user, 'Name', 'Room');
      Object.assign(world, { name: 'Room', errors: without(world.errors, ERRORS.name) });
      return;
    case 'table.toggle':
      return user.click(inDialog(TITLE).getByRole('checkbox', { name: NO_LINE }));
    case 'widget.pickColour':
      return user.click(inDialog(TITLE).getByRole('button', { name: /^Default colour: / }));
    case 'widget.pickInterval':
      return user.click(inDialog(TITLE).getByRole('button', { name: /^Time range: / }));
    case 'element.add':
      world.editIndex = list.length;
      return user.click(inDialog(TITLE).getByRole('button', { name: 'Add element' }));
    case 'element.edit':
      world.editIndex = 0;
      return user.click(inDialog(TITLE).getByRole('button', { name: 'Edit element 1' }));
    case 'element.remove':
      list.shift();
      return user.click(inDialog(TITLE).getByRole('button', { name: 'Remove element 1' }));
    case 'element.move':
      list.splice(0, 2, list[1]!, list[0]!);
      return user.click(inDialog(TITLE).getByRole('button', { name: 'Move element 1 down' }));
    case 'widget.save': {
      await user.click(inDialog(TITLE).getByRole('button', { name: 'Save' }));
      const errors = errorsOf(world);
      if (errors.length === 0) world.outcome = 'saved';
      else world.errors = errors;
      return;
    }
    case 'widget.cancel':
      world.outcome = 'cancelled';
      return user.click(inDialog(TITLE).getByRole('button', { name: 'Cancel' }));
    case 'xstate.done.actor.colourPicker':
      if (event.output) {
        await user.click(inDialog('Default colour').getByRole('button', { name: `Colour ${COLOUR}` }));
        world.colour = COLOUR;
      }
      return user.click(
        inDialog('Default colour').getByRole('button', { name: event.output ? 'Save' : 'Cancel' }),
      );
    case 'xstate.done.actor.dateRange':
      if (event.output) {
        await user.click(inDialog('Time range').getByRole('radio', { name: 'Last 30 days' }));
        world.interval = 'Last 30 days';
      }
      return user.click(
        inDialog('Time range').getByRole('button', { name: event.output ? 'Apply' : 'Cancel' }),
      );
    case 'xstate.done.actor.widgetElement':
      if (event.output) {
        await pickRoomLine(user);
        list.splice(world.editIndex, 1, ROOM_LINE);
        world.errors = without(world.errors, ERRORS.none, ERRORS.line);
      }
      return user.click(
        inDialog('Widget element').getByRole('button', { name: event.output ? 'Save' : 'Cancel' }),
      );
    default:
      throw new Error(`No way to play ${event.type}`);
  }
}

/** Only the named dialog of the editor is open: a picker replaces the details while it is open. */
function onlyDialog(name: string) {
  expect(screen.getAllByRole('dialog')).toHaveLength(1);
  expect(dialogNamed(name)).toBeTruthy();
}

function details(world: EditorWorld) {
  onlyDialog(TITLE);
  const dialog = within(dialogNamed(TITLE));
  const type = dialog.getByRole('button', { name: 'Widget type' });
  expect(type.textContent).toBe(world.type ? TYPES[world.type] : 'Choose a widget type');
  expect(dialog.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe(world.name);
  const shown = Object.values(ERRORS).filter((text) => dialog.queryByText(text));
  expect(shown, 'the errors shown').toEqual(
    Object.values(ERRORS).filter((text) => world.errors.includes(text)),
  );
  if (!world.type) {
    expect(dialog.queryByRole('button', { name: 'Add element' })).toBeNull();
    return;
  }
  const items = within(dialog.getByRole('region', { name: 'Elements' })).queryAllByRole('listitem');
  expect(items.map((item) => item.querySelector('span')?.textContent)).toEqual(listOf(world));
  expect(dialog.getByRole('button', { name: `Default colour: ${world.colour ?? 'None'}` })).toBeTruthy();
  if (world.type === 'CARD_CHART')
    expect(dialog.getByRole('button', { name: `Time range: ${world.interval}` })).toBeTruthy();
  else expect(dialog.getByRole<HTMLInputElement>('checkbox', { name: NO_LINE }).checked).toBe(true);
}

/** The dialog closed on the dashboard, still in edit mode: with the new widget once saved. */
function closed(world: EditorWorld, outcome: EditorWorld['outcome']) {
  expect(world.outcome).toBe(outcome);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Room values' })).toBeTruthy();
  expect(screen.queryAllByRole('heading', { name: 'Room' })).toHaveLength(world.outcome === 'saved' ? 1 : 0);
}

describeViewPaths('widget editor, played in the widget details dialog of a dashboard', widgetEditorMachine, {
  model,
  start,
  play,
  states: {
    editing: (_, world) => details(world),
    pickingColour: () => onlyDialog('Default colour'),
    pickingInterval: () => onlyDialog('Time range'),
    editingElement: () => onlyDialog('Widget element'),
    saved: (_, world) => closed(world, 'saved'),
    cancelled: (_, world) => closed(world, 'cancelled'),
  },
});
