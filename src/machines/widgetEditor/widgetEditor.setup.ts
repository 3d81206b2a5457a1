import { assign, setup } from 'xstate';
import type { WidgetInterval, WidgetType } from '#contracts/widgets';
import type { DateRangeOutput } from '../dateRange/dateRange.events';
import { dateRangeMachine } from '../dateRange/dateRangeMachine';
import type { UserPreferences } from '../userPreferences';
import type { ColourPickerOutput } from './colourPicker.events';
import { colourPickerMachine } from './colourPickerMachine';
import { axisKeys, toggledSelection, type TableAxis } from './tableAxes';
import { fieldDefaults, type WidgetFields } from './widgetDefaults';
import {
  canMove,
  draftErrors,
  elementsOf,
  withMoved,
  withoutElement,
  withPlaced,
  withType,
  type WidgetDraft,
  type WidgetErrors,
} from './widgetDraft';
import type {
  WidgetColourField,
  WidgetEditorEvent,
  WidgetEditorInput,
  WidgetEditorOutput,
} from './widgetEditor.events';
import type { WidgetElementOutput } from './widgetElement.events';
import { widgetElementMachine } from './widgetElementMachine';

export interface WidgetEditorContext {
  draft: WidgetDraft;
  /** Shown once a save was refused; each edit clears its own. */
  errors: WidgetErrors;
  colourField: WidgetColourField | null;
  /** The element open in the element step (the list's length for a new one). */
  editIndex: number;
  preferences: UserPreferences;
}

/** The interval the date range picker starts from: the widget's, or its type's default. */
export const intervalOf = ({ draft }: WidgetEditorContext): WidgetInterval =>
  draft.fields.interval ?? fieldDefaults(draft.type ?? 'LINE').interval!;

const withoutError = (errors: WidgetErrors, key: keyof WidgetErrors): WidgetErrors => {
  if (!errors[key]) return errors;
  const { [key]: _, ...rest } = errors;
  return rest;
};

/** Implementations of the widget editor (widgetEditorMachine.ts holds its statechart). */
export const widgetEditorSetup = setup({
  types: {
    context: {} as WidgetEditorContext,
    events: {} as WidgetEditorEvent,
    input: {} as WidgetEditorInput,
    output: {} as WidgetEditorOutput,
    children: {} as { widgetElement: 'widgetElement'; colourPicker: 'colourPicker'; dateRange: 'dateRange' },
  },
  actors: {
    // The element step; provideWidgetEditor gives it the devices API.
    widgetElement: widgetElementMachine,
    colourPicker: colourPickerMachine,
    dateRange: dateRangeMachine,
  },
  guards: {
    typeChosen: ({ context }) => context.draft.type !== null,
    draftValid: ({ context }) => Object.keys(draftErrors(context.draft)).length === 0,
    knownElement: ({ context }, params: { index: number }) =>
      params.index >= 0 && params.index < elementsOf(context.draft).length,
    canMove: ({ context }, params: { index: number; offset: number }) =>
      canMove(context.draft, params.index, params.offset),
  },
  actions: {
    changeType: assign(({ context }, params: { type: WidgetType }) => ({
      draft: withType(context.draft, params.type),
      errors: withoutError(withoutError(context.errors, 'type'), 'elements'),
    })),
    applyPatch: assign(({ context }, params: { patch: WidgetFields }) => ({
      draft: { ...context.draft, fields: { ...context.draft.fields, ...params.patch } },
      errors: 'name' in params.patch ? withoutError(context.errors, 'name') : context.errors,
    })),
    toggleTable: assign({
      draft: ({ context }, params: { axis: TableAxis; key: string }) => {
        const all = axisKeys(params.axis, elementsOf(context.draft));
        const selection = toggledSelection(context.draft.fields[params.axis] ?? [], all, params.key);
        return { ...context.draft, fields: { ...context.draft.fields, [params.axis]: selection } };
      },
    }),
    showErrors: assign({ errors: ({ context }) => draftErrors(context.draft) }),
    assignColourField: assign({ colourField: (_, params: { field: WidgetColourField }) => params.field }),
    applyColour: assign({
      draft: ({ context }, params: { output: ColourPickerOutput }) =>
        context.colourField && params.output
          ? {
              ...context.draft,
              fields: { ...context.draft.fields, [context.colourField]: params.output.colour },
            }
          : context.draft,
    }),
    applyInterval: assign({
      draft: ({ context }, params: { output: DateRangeOutput }) =>
        params.output
          ? { ...context.draft, fields: { ...context.draft.fields, interval: params.output.value } }
          : context.draft,
    }),
    openElement: assign({ editIndex: (_, params: { index: number }) => params.index }),
    openNewElement: assign({ editIndex: ({ context }) => elementsOf(context.draft).length }),
    placeElements: assign(({ context }, params: { output: WidgetElementOutput }) =>
      params.output
        ? {
            draft: withPlaced(
              context.draft,
              context.editIndex,
              params.output.elements,
              params.output.wholePage,
            ),
            errors: withoutError(context.errors, 'elements'),
          }
        : {},
    ),
    removeElement: assign({
      draft: ({ context }, params: { index: number }) => withoutElement(context.draft, params.index),
    }),
    moveElement: assign({
      draft: ({ context }, params: { index: number; offset: number }) =>
        withMoved(context.draft, params.index, params.offset),
    }),
  },
});
