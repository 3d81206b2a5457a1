import { assign, setup } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import { isHexa, paletteText, toggledText, validColour } from './colour';
import type { ColourPickerEvent, ColourPickerInput, ColourPickerOutput } from './colourPicker.events';

export interface ColourPickerContext {
  text: string;
  hexa: boolean;
  error: MessageId | null;
}

/** SPEC §2 colour picker: a palette and a hex field; Cancel changes nothing, Save applies, Clear sets null. */
export const colourPickerMachine = setup({
  types: {
    context: {} as ColourPickerContext,
    events: {} as ColourPickerEvent,
    input: {} as ColourPickerInput,
    output: {} as ColourPickerOutput,
  },
  guards: {
    colourValid: ({ context }) => validColour(context.text, context.hexa),
  },
  actions: {
    choose: assign({
      text: ({ context }, params: { colour: string }) =>
        paletteText(params.colour, context.text, context.hexa),
      error: null,
    }),
    assignText: assign({ text: (_, params: { text: string }) => params.text, error: null }),
    toggleHexa: assign(({ context }) => ({
      hexa: !context.hexa,
      text: toggledText(context.text, !context.hexa),
      error: null,
    })),
    showInvalid: assign({ error: 'widgetEditor.colour.invalid' as const }),
  },
}).createMachine({
  id: 'colourPicker',
  context: ({ input }) => ({ text: input.colour ?? '', hexa: isHexa(input.colour), error: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The colour picker is open: the user picks a colour or types a hex value.',
      on: {
        'colour.choose': { actions: { type: 'choose', params: ({ event }) => ({ colour: event.colour }) } },
        'colour.type': { actions: { type: 'assignText', params: ({ event }) => ({ text: event.text }) } },
        'colour.toggleHexa': { actions: 'toggleHexa' },
        'colour.save': [{ guard: 'colourValid', target: 'saved' }, { actions: 'showInvalid' }],
        'colour.clear': 'cleared',
        'colour.cancel': 'cancelled',
      },
    },
    saved: {
      description: 'The user saved a valid colour; the picker closes with it.',
      type: 'final',
      output: ({ context }) => ({ colour: context.text.trim().toUpperCase() }),
    },
    cleared: {
      description: 'The user cleared the colour; the picker closes and the default applies.',
      type: 'final',
      output: { colour: null },
    },
    cancelled: {
      description: 'The user cancelled; the picker closes and the colour stays.',
      type: 'final',
      output: null,
    },
  },
  // The reached final state gives the result (its output arrives as the done event's output).
  output: ({ event }) => event.output as ColourPickerOutput,
});
