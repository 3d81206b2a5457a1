import { assign, setup } from 'xstate';
import type { AlarmMarks } from '#contracts';
import { notProvided } from '../notProvided';
import type { AlarmMarksEvent, MarksRange } from './alarmMarks.events';

export interface AlarmMarksContext {
  range: MarksRange;
  /** The marks of the range last loaded; null while hidden or before the first answer. */
  marks: AlarmMarks | null;
}

const rangeShown = {
  target: '.loading',
  actions: { type: 'assignRange', params: ({ event }: { event: MarksRange }) => event },
} as const;

/**
 * The alarm marks of one history chart (issue 31): off until the user asks, then alarm periods,
 * acknowledgements, setpoint changes and defrosts of the devices and range the chart shows, loaded again whenever
 * the chart shows another answer. Invoked by the chart's history query, which tells it each range it shows.
 */
export const alarmMarksMachine = setup({
  types: {
    context: {} as AlarmMarksContext,
    events: {} as AlarmMarksEvent,
  },
  actors: {
    // GET /api/v2/alarms/marks for each device over the range, merged (provided, see provideAlarmMarks).
    loadMarks: notProvided<AlarmMarks, MarksRange>('loadMarks'),
  },
  actions: {
    assignRange: assign({ range: (_, { devices, from, to }: MarksRange) => ({ devices, from, to }) }),
    assignMarks: assign({ marks: (_, params: { marks: AlarmMarks }) => params.marks }),
    forgetMarks: assign({ marks: null }),
  },
}).createMachine({
  id: 'alarmMarks',
  context: { range: { devices: [], from: '', to: '' }, marks: null },
  initial: 'hidden',
  states: {
    hidden: {
      description: 'The chart shows no alarm marks; it keeps the range it shows for when they are asked for.',
      entry: 'forgetMarks',
      on: {
        'alarmMarks.toggle': 'showing.loading',
        'alarmMarks.rangeShown': {
          actions: { type: 'assignRange', params: ({ event }) => event },
        },
      },
    },
    showing: {
      description:
        'The user asked for the alarm marks: they follow the range the chart shows until hidden again.',
      initial: 'loading',
      on: { 'alarmMarks.toggle': 'hidden', 'alarmMarks.rangeShown': rangeShown },
      states: {
        loading: {
          description: 'The marks of the devices and range the chart shows are being loaded.',
          invoke: {
            id: 'loadMarks',
            src: 'loadMarks',
            input: ({ context }) => context.range,
            onDone: {
              target: 'shown',
              actions: { type: 'assignMarks', params: ({ event }) => ({ marks: event.output }) },
            },
            onError: 'failed',
          },
        },
        shown: { description: 'The marks are drawn on the chart and listed beside it.' },
        failed: {
          description: 'The marks could not be loaded; the chart says so and offers to try again.',
          on: { 'alarmMarks.retry': 'loading' },
        },
      },
    },
  },
});
