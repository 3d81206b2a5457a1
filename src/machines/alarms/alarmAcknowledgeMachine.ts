import { assign, setup } from 'xstate';
import { serverReasonOr, type Message } from '../message';
import { notifying } from '../notifications/notify';
import { ACKNOWLEDGE_COMMENT_MAX, type AlarmAcknowledgeEvent } from './alarmAcknowledge.events';
import type { AlarmTarget } from './alarmEntries';
import { notProvided } from '../notProvided';

export interface AlarmAcknowledgeContext {
  target: AlarmTarget | null;
  comment: string;
  /** Why the last send failed (the server's reason when it gave one). */
  error: Message | null;
}

/** Acknowledging one alarm with an optional comment (DEVICES at WRITE; the stream then shows who did). */
export const alarmAcknowledgeMachine = setup({
  types: {
    context: {} as AlarmAcknowledgeContext,
    events: {} as AlarmAcknowledgeEvent,
  },
  actors: {
    // POST /api/v2/alarms/:id/acknowledge (provided).
    acknowledgeAlarm: notProvided<void, { id: string; comment: string }>('acknowledgeAlarm'),
  },
  guards: {
    commentFits: ({ context }) => context.comment.trim().length <= ACKNOWLEDGE_COMMENT_MAX,
  },
  actions: {
    assignTarget: assign((_, params: { target: AlarmTarget }) => ({
      target: params.target,
      comment: '',
      error: null,
    })),
    assignComment: assign({ comment: (_, params: { text: string }) => params.text }),
    assignError: assign({
      error: (_, params: { error: unknown }) => serverReasonOr(params.error, 'alarmsUi.acknowledgeFailed'),
    }),
    forget: assign({ target: null, comment: '', error: null }),
    notifyAcknowledged: notifying('success', 'alarmsUi.acknowledged'),
  },
}).createMachine({
  id: 'alarmAcknowledge',
  context: { target: null, comment: '', error: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'No acknowledge dialog is open.',
      entry: 'forget',
      on: {
        'acknowledge.open': {
          target: 'editing',
          actions: { type: 'assignTarget', params: ({ event }) => ({ target: event.target }) },
        },
      },
    },
    editing: {
      description:
        'The acknowledge dialog is open: the user types a comment, then sends or cancels; a refused send shows its error here.',
      on: {
        'acknowledge.changeComment': {
          actions: { type: 'assignComment', params: ({ event }) => ({ text: event.text }) },
        },
        'acknowledge.send': { guard: 'commentFits', target: 'sending' },
        'acknowledge.cancel': 'closed',
      },
    },
    sending: {
      description: 'The acknowledgement is on its way to the server; the dialog waits for the answer.',
      invoke: {
        id: 'acknowledgeAlarm',
        src: 'acknowledgeAlarm',
        input: ({ context }) => ({ id: context.target!.alarm.id, comment: context.comment.trim() }),
        onDone: { target: 'closed', actions: 'notifyAcknowledged' },
        onError: {
          target: 'editing',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
