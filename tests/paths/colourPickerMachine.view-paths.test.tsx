import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { InspectionEvent, SnapshotFrom } from 'xstate';
import type { ColourPickerEvent } from '../../src/machines/widgetEditor/colourPicker.events';
import { colourPickerMachine } from '../../src/machines/widgetEditor/colourPickerMachine';
import { installFakeCanvas } from '../support/fakes/fakeCanvas';
import { describeViewPaths, type ViewPathModel } from '../support/paths/viewPaths';
import {
  deviceServer,
  dialogNamed,
  openEditMode,
  retype,
  ROOM_VALUES_COLOUR,
} from '../support/worlds/widgetEditorPath';

installFakeCanvas();

const PICKER = 'Default colour';
const DETAILS = 'Widget details';
const SWATCH = '#2196F3';

const model: ViewPathModel<typeof colourPickerMachine> = {
  input: { colour: ROOM_VALUES_COLOUR },
  events: [
    { type: 'colour.choose', colour: SWATCH },
    { type: 'colour.type', text: '#12ab34' },
    { type: 'colour.type', text: '#12ab3' },
    { type: 'colour.toggleHexa' },
    { type: 'colour.save' },
    { type: 'colour.clear' },
    { type: 'colour.cancel' },
  ],
  // Typing what the field already holds sends nothing.
  filterEvents: (s, event) => event.type !== 'colour.type' || event.text !== s.context.text,
  serializeState: (s: SnapshotFrom<typeof colourPickerMachine>) =>
    JSON.stringify({ value: s.value, text: s.context.text, hexa: s.context.hexa, error: s.context.error }),
};

/** What the user typed and picked, and the widget's default colour as the details show it. */
interface ColourWorld {
  user: UserEvent;
  text: string;
  hexa: boolean;
  /** A refused Save shows the format until the next edit. */
  refused: boolean;
  colour: string | null;
}

// SPEC §2 colour picker: #RRGGBB, or #RRGGBBAA in hexa mode.
const valid = ({ text, hexa }: ColourWorld) =>
  (hexa ? /^#[0-9a-f]{8}$/i : /^#[0-9a-f]{6}$/i).test(text.trim());

async function start(inspect: (event: InspectionEvent) => void): Promise<ColourWorld> {
  const user = await openEditMode({ inspect, devices: deviceServer() });
  await user.click(await screen.findByRole('button', { name: 'Edit widget Room values' }));
  await user.click(
    within(await screen.findByRole('dialog', { name: DETAILS })).getByRole('button', {
      name: `${PICKER}: ${ROOM_VALUES_COLOUR}`,
    }),
  );
  return { user, text: ROOM_VALUES_COLOUR, hexa: false, refused: false, colour: ROOM_VALUES_COLOUR };
}

async function play(event: ColourPickerEvent, world: ColourWorld) {
  const picker = dialogNamed(PICKER);
  const click = (name: string) => world.user.click(within(picker).getByRole('button', { name }));
  if (event.type === 'colour.choose') {
    await click(`Colour ${event.colour}`);
    // In hexa mode the palette keeps the transparency typed so far.
    const alpha = /^#[0-9a-f]{8}$/i.test(world.text) ? world.text.slice(7) : 'FF';
    Object.assign(world, { text: world.hexa ? `${event.colour}${alpha}` : event.colour, refused: false });
  } else if (event.type === 'colour.type') {
    await retype(world.user, 'Hex colour', event.text);
    Object.assign(world, { text: event.text, refused: false });
  } else if (event.type === 'colour.toggleHexa') {
    await world.user.click(within(picker).getByRole('checkbox', { name: 'Hexa mode (with transparency)' }));
    world.hexa = !world.hexa;
    // Switching adds an opaque alpha to a #RRGGBB colour, or drops the alpha of a #RRGGBBAA one.
    if (world.hexa && /^#[0-9a-f]{6}$/i.test(world.text)) world.text = `${world.text}FF`;
    if (!world.hexa && /^#[0-9a-f]{8}$/i.test(world.text)) world.text = world.text.slice(0, 7);
    world.refused = false;
  } else if (event.type === 'colour.save') {
    await click('Save');
    if (valid(world)) world.colour = world.text.trim().toUpperCase();
    else world.refused = true;
  } else if (event.type === 'colour.clear') {
    await click('Clear');
    world.colour = null;
  } else await click('Cancel');
}

/** The picker closed: the widget details show the default colour the user left. */
function closed(world: ColourWorld) {
  expect(screen.queryByRole('dialog', { name: PICKER })).toBeNull();
  const details = dialogNamed(DETAILS);
  expect(within(details).getByRole('button', { name: `${PICKER}: ${world.colour ?? 'None'}` })).toBeTruthy();
}

describeViewPaths('colour picker, played on the default colour of a widget', colourPickerMachine, {
  model,
  start,
  play,
  states: {
    editing: (_, world) => {
      const picker = dialogNamed(PICKER);
      expect(screen.queryByRole('dialog', { name: DETAILS })).toBeNull();
      expect(within(picker).getByRole<HTMLInputElement>('textbox', { name: 'Hex colour' }).value).toBe(
        world.text,
      );
      const hexa = within(picker).getByRole<HTMLInputElement>('checkbox', {
        name: 'Hexa mode (with transparency)',
      });
      expect(hexa.checked).toBe(world.hexa);
      const error = within(picker).queryByText(/^Enter a colour as/);
      expect(error?.textContent ?? null).toBe(
        world.refused ? `Enter a colour as ${world.hexa ? '#RRGGBBAA' : '#RRGGBB'}` : null,
      );
      const swatch = within(picker).getByRole('button', { name: `Colour ${SWATCH}` });
      expect(swatch.getAttribute('aria-pressed')).toBe(String(world.text.toUpperCase().startsWith(SWATCH)));
    },
    saved: (_, world) => closed(world),
    cleared: (_, world) => closed(world),
    cancelled: (_, world) => closed(world),
  },
});
