import { assign, setup } from 'xstate';
import type { DateRangeEvent, DateRangeInput, DateRangeOutput, IntervalType } from './dateRange.events';
import {
  formErrors,
  formOf,
  intervalOf,
  type DateRangeForm,
  type DateRangeFormErrors,
} from './dateRangeForm';
import type { DateFormat } from './dateText';

export interface DateRangeContext {
  form: DateRangeForm;
  /** Shown once Apply was refused; each edit clears its own. */
  errors: DateRangeFormErrors;
  dateFormat: DateFormat;
  timeZone: string;
  allowCompare: boolean;
}

/** Choosing another range drops the errors of the custom dates. */
const chosen = (rangeType: IntervalType) => ({
  patch: { type: rangeType },
  clears: ['start', 'end'] as (keyof DateRangeFormErrors)[],
});

const without = (errors: DateRangeFormErrors, ...keys: (keyof DateRangeFormErrors)[]) => {
  const rest = { ...errors };
  for (const key of keys) delete rest[key];
  return rest;
};

/**
 * SPEC §2 date range picker, §9 presets: last 24 hours, 7 days, 30 days, this month, last month, or a custom
 * start and end typed in the user's date format; optionally a comparison range so many hours or days earlier.
 * Ends with the widget interval, or null when cancelled.
 */
export const dateRangeMachine = setup({
  types: {
    context: {} as DateRangeContext,
    events: {} as DateRangeEvent,
    input: {} as DateRangeInput,
    output: {} as DateRangeOutput,
  },
  guards: {
    isCustom: ({ context }) => context.form.type === 'CUSTOM',
    choosesCustom: (_, params: { rangeType: IntervalType }) => params.rangeType === 'CUSTOM',
    mayCompare: ({ context }) => context.allowCompare,
    formValid: ({ context }) =>
      Object.keys(formErrors(context.form, context.dateFormat, context.timeZone)).length === 0,
  },
  actions: {
    /** Applies an edit of the form and clears the errors it may have mended. */
    editForm: assign(
      ({ context }, params: { patch: Partial<DateRangeForm>; clears: (keyof DateRangeFormErrors)[] }) => ({
        form: { ...context.form, ...params.patch },
        errors: without(context.errors, ...params.clears),
      }),
    ),
    showErrors: assign({
      errors: ({ context }) => formErrors(context.form, context.dateFormat, context.timeZone),
    }),
  },
}).createMachine({
  id: 'dateRange',
  context: ({ input }) => ({
    form: formOf(input),
    errors: {},
    dateFormat: input.dateFormat,
    timeZone: input.timeZone,
    allowCompare: input.allowCompare,
  }),
  initial: 'opening',
  states: {
    opening: {
      description: 'The date range dialog opens on the range in use: a preset, or the custom start and end.',
      always: [{ guard: 'isCustom', target: 'custom' }, { target: 'preset' }],
    },
    preset: {
      description:
        'A preset range (such as today or the last week) is chosen; comparison can be set when offered.',
    },
    // The start and end are typed only for a custom range.
    custom: {
      description:
        'A custom range is chosen: the user types its start and end; errors show next to the fields.',
      on: {
        'dateRange.changeStart': {
          actions: {
            type: 'editForm',
            params: ({ event }) => ({ patch: { startText: event.text }, clears: ['start', 'end'] }),
          },
        },
        'dateRange.changeEnd': {
          actions: {
            type: 'editForm',
            params: ({ event }) => ({ patch: { endText: event.text }, clears: ['end'] }),
          },
        },
      },
    },
    applied: {
      description: 'The user applied a valid range; the dialog closes and the chart uses it.',
      type: 'final',
      output: ({ context }) => ({ value: intervalOf(context.form, context.dateFormat, context.timeZone) }),
    },
    cancelled: {
      description: 'The user cancelled; the dialog closes and the range in use stays.',
      type: 'final',
      output: null,
    },
  },
  on: {
    'dateRange.choose': [
      {
        guard: { type: 'choosesCustom', params: ({ event }) => event },
        target: '.custom',
        actions: { type: 'editForm', params: ({ event }) => chosen(event.rangeType) },
      },
      { target: '.preset', actions: { type: 'editForm', params: ({ event }) => chosen(event.rangeType) } },
    ],
    'dateRange.setCompare': {
      guard: 'mayCompare',
      actions: {
        type: 'editForm',
        params: ({ event }) => ({ patch: { compare: event.on }, clears: ['compare'] }),
      },
    },
    'dateRange.changeCompareValue': {
      guard: 'mayCompare',
      actions: {
        type: 'editForm',
        params: ({ event }) => ({ patch: { compareText: event.text }, clears: ['compare'] }),
      },
    },
    'dateRange.changeCompareUnit': {
      guard: 'mayCompare',
      actions: {
        type: 'editForm',
        params: ({ event }) => ({ patch: { compareUnit: event.unit }, clears: ['compare'] }),
      },
    },
    'dateRange.apply': [{ guard: 'formValid', target: '.applied' }, { actions: 'showErrors' }],
    'dateRange.cancel': '.cancelled',
  },
  output: ({ event }) => event.output as DateRangeOutput,
});
