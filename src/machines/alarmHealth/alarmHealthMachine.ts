import { assign, setup } from 'xstate';
import type { AlarmHealth } from '#contracts';
import type { AccountDialogInput, AccountDialogOutput } from '../accountDialogs/accountDialog.types';
import type { AlarmHealthEvent, HealthRangeDays } from './alarmHealth.events';
import { notProvided } from '../notProvided';

export interface AlarmHealthContext {
  days: HealthRangeDays;
  /** The figures of the range last loaded; null before the first answer. */
  health: AlarmHealth | null;
}

/**
 * The administrators' alarm health (issue 31): the tenant's alarm system over the last day, week or month measured
 * against EEMUA 191. It reads only; it ends with an empty output.
 */
export const alarmHealthMachine = setup({
  types: {
    context: {} as AlarmHealthContext,
    events: {} as AlarmHealthEvent,
    input: {} as AccountDialogInput,
    output: {} as AccountDialogOutput,
  },
  actors: {
    // GET /api/v2/alarms/health over the last `days` (provided, see provideAlarmHealth).
    loadHealth: notProvided<AlarmHealth, { days: HealthRangeDays }>('loadHealth'),
  },
  actions: {
    assignHealth: assign({ health: (_, params: { health: AlarmHealth }) => params.health }),
    chooseRange: assign({ days: (_, params: { days: HealthRangeDays }) => params.days }),
  },
}).createMachine({
  id: 'alarmHealth',
  context: { days: 7, health: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The figures of the chosen range are being computed by the server.',
      invoke: {
        id: 'loadHealth',
        src: 'loadHealth',
        input: ({ context }) => ({ days: context.days }),
        onDone: {
          target: 'shown',
          actions: { type: 'assignHealth', params: ({ event }) => ({ health: event.output }) },
        },
        onError: 'loadFailed',
      },
      on: { 'alarmHealth.close': 'closed' },
    },
    shown: {
      description: 'The figures show, each beside its EEMUA 191 target; another range can be chosen.',
      on: {
        'alarmHealth.rangeChose': {
          target: 'loading',
          actions: { type: 'chooseRange', params: ({ event }) => ({ days: event.days }) },
        },
        'alarmHealth.close': 'closed',
      },
    },
    loadFailed: {
      description: 'The figures could not be loaded; the administrator may try again or close the dialog.',
      on: { 'alarmHealth.retry': 'loading', 'alarmHealth.close': 'closed' },
    },
    closed: {
      description: 'The dialog closed.',
      type: 'final',
    },
  },
  output: () => ({}),
});
