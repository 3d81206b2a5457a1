import { assign, raise, setup } from 'xstate';
import { serverReasonOr, type Message } from '../message';
import { notifying } from '../notifications/notify';
import { SHELVE_DEFAULT_MINUTES, type AlarmShelvingEvent, type ShelvedAlarm } from './alarmShelving.events';
import type { AlarmTarget } from './alarmEntries';
import { notProvided } from '../notProvided';

export interface AlarmShelvingContext {
  target: AlarmTarget | null;
  minutes: string;
  reason: string;
  /** Why the last shelve failed (the server's reason when it gave one, e.g. over the tenant's maximum). */
  error: Message | null;
  /** The alarms shelved now, as last loaded. */
  shelved: ShelvedAlarm[];
  /** The alarm being unshelved. */
  unshelving: string | null;
}

export const minutesValid = (text: string) => /^\d{1,5}$/.test(text.trim()) && Number(text) >= 1;
export const reasonGiven = (text: string) => text.trim().length > 0;

/**
 * ISA-18.2 shelving from the alarms menu: a dialog takes minutes and a required reason; the shelved alarms are
 * listed with Unshelve. The bell drops and regains alarms through its stream, not through this machine.
 */
export const alarmShelvingMachine = setup({
  types: {
    context: {} as AlarmShelvingContext,
    events: {} as AlarmShelvingEvent,
  },
  actors: {
    // POST /api/v2/alarms/:id/shelve (provided).
    shelveAlarm: notProvided<void, { id: string; minutes: number; reason: string }>('shelveAlarm'),
    // DELETE /api/v2/alarms/:id/shelve (provided).
    unshelveAlarm: notProvided<void, { id: string }>('unshelveAlarm'),
    // GET /api/v2/alarms/shelved (provided).
    loadShelved: notProvided<ShelvedAlarm[]>('loadShelved'),
  },
  guards: {
    shelveComplete: ({ context }) => minutesValid(context.minutes) && reasonGiven(context.reason),
  },
  actions: {
    assignTarget: assign((_, params: { target: AlarmTarget }) => ({
      target: params.target,
      minutes: SHELVE_DEFAULT_MINUTES,
      reason: '',
      error: null,
    })),
    assignMinutes: assign({ minutes: (_, params: { text: string }) => params.text }),
    assignReason: assign({ reason: (_, params: { text: string }) => params.text }),
    assignError: assign({
      error: (_, params: { error: unknown }) => serverReasonOr(params.error, 'alarmShelving.failed'),
    }),
    assignShelved: assign({ shelved: (_, params: { shelved: ShelvedAlarm[] }) => params.shelved }),
    assignUnshelving: assign({ unshelving: (_, params: { id: string }) => params.id }),
    forgetDialog: assign({ target: null, minutes: SHELVE_DEFAULT_MINUTES, reason: '', error: null }),
    forgetUnshelving: assign({ unshelving: null }),
    reloadList: raise({ type: 'shelved.load' as const }),
    notifyShelved: notifying('success', 'alarmShelving.shelved'),
    notifyUnshelveFailed: notifying('error', 'alarmShelving.unshelveFailed'),
  },
}).createMachine({
  id: 'alarmShelving',
  context: {
    target: null,
    minutes: SHELVE_DEFAULT_MINUTES,
    reason: '',
    error: null,
    shelved: [],
    unshelving: null,
  },
  // The dialog and the shelved list go their own ways: a shelve starts while the list is being read.
  type: 'parallel',
  states: {
    dialog: {
      description: 'The shelve dialog: closed, or asking for minutes and a reason, or sending them.',
      initial: 'closed',
      states: {
        closed: {
          description: 'No shelve dialog is open.',
          entry: 'forgetDialog',
          on: {
            'shelve.open': {
              target: 'editing',
              actions: { type: 'assignTarget', params: ({ event }) => ({ target: event.target }) },
            },
          },
        },
        editing: {
          description:
            'The shelve dialog is open: minutes and a reason (required); a refused send shows why here.',
          on: {
            'shelve.changeMinutes': {
              actions: { type: 'assignMinutes', params: ({ event }) => ({ text: event.text }) },
            },
            'shelve.changeReason': {
              actions: { type: 'assignReason', params: ({ event }) => ({ text: event.text }) },
            },
            'shelve.send': { guard: 'shelveComplete', target: 'sending' },
            'shelve.cancel': 'closed',
          },
        },
        sending: {
          description: 'The shelve is on its way; the dialog waits for the answer.',
          invoke: {
            id: 'shelveAlarm',
            src: 'shelveAlarm',
            input: ({ context }) => ({
              id: context.target!.alarm.id,
              minutes: Number(context.minutes),
              reason: context.reason.trim(),
            }),
            onDone: { target: 'closed', actions: ['notifyShelved', 'reloadList'] },
            onError: {
              target: 'editing',
              actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    list: {
      description: "The alarms menu's shelved alarms, each with Unshelve.",
      initial: 'shown',
      states: {
        shown: {
          description: 'The shelved alarms as last read (none before the menu first opens).',
          entry: 'forgetUnshelving',
          on: {
            'shelved.load': 'loading',
            'shelved.unshelve': {
              target: 'unshelving',
              actions: { type: 'assignUnshelving', params: ({ event }) => ({ id: event.id }) },
            },
          },
        },
        unshelving: {
          description: 'An Unshelve is on its way; the alarm comes back to the bell through the stream.',
          invoke: {
            id: 'unshelveAlarm',
            src: 'unshelveAlarm',
            input: ({ context }) => ({ id: context.unshelving! }),
            onDone: 'loading',
            onError: { target: 'loading', actions: 'notifyUnshelveFailed' },
          },
        },
        loading: {
          description: 'The shelved alarms are being read.',
          on: { 'shelved.load': { target: 'loading', reenter: true } },
          invoke: {
            id: 'loadShelved',
            src: 'loadShelved',
            onDone: {
              target: 'shown',
              actions: { type: 'assignShelved', params: ({ event }) => ({ shelved: event.output }) },
            },
            onError: 'shown',
          },
        },
      },
    },
  },
});
