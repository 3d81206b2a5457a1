import { assign, sendTo, setup } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import type { Line, LineWriteRequest } from '#contracts/devices';
import type { PageAddress } from '../devicePage/devicePage.types';
import type { LineEditEvent, LineEditOutput, LineWriteOutcome } from './lineEdit.events';
import { initialValue, outOfRange, valueError, writtenValue, type ValueError } from './lineEditValidation';
import { notificationOf, notifications, notify } from '../notifications/notify';
import { notProvided } from '../notProvided';

export interface LineEditInput {
  line: Line;
  address: PageAddress;
}

export interface LineEditContext {
  line: Line;
  address: PageAddress;
  value: string;
  /** What is wrong with the value: checked before sending, or the device's out-of-range refusal. */
  error: ValueError | null;
  /** Why the last write did not happen, when it is not about the value (no answer, offline, no connection). */
  refusal: MessageId | null;
}

/** The reason shown in the dialog for each write that did not happen. */
const REFUSALS: Record<Exclude<LineWriteOutcome, 'accepted'>, MessageId> = {
  refused: 'lineEdit.refusedReason',
  outOfRange: 'lineEdit.refusedReason',
  noAnswer: 'lineEdit.noAnswer',
  offline: 'lineEdit.offline',
};

export const lineEditMachine = setup({
  types: {
    context: {} as LineEditContext,
    events: {} as LineEditEvent,
    input: {} as LineEditInput,
    output: {} as LineEditOutput,
  },
  actors: {
    // PUT /api/v2/devices/pages/lines (provided): 'accepted' on 200, 'refused' when the device said no; rejects on failure.
    writeLine: notProvided<LineWriteOutcome, LineWriteRequest>('writeLine'),
  },
  guards: {
    valueValid: ({ context }) => valueError(context.line, context.value) === null,
    accepted: (_, params: { outcome: LineWriteOutcome }) => params.outcome === 'accepted',
  },
  actions: {
    assignValue: assign({
      value: (_, params: { value: string }) => params.value,
      error: null,
      refusal: null,
    }),
    showValueError: assign({ error: ({ context }) => valueError(context.line, context.value) }),
    // An out-of-range refusal is about the value: said under the field, with the bounds, when the ADF gives them.
    showRefusal: assign(({ context }, params: { outcome: LineWriteOutcome }) =>
      params.outcome === 'outOfRange' && context.line.limits
        ? { error: outOfRange(context.line.limits), refusal: null }
        : { refusal: params.outcome === 'accepted' ? null : REFUSALS[params.outcome] },
    ),
    showFailure: assign({ refusal: 'lineEdit.failedReason' as MessageId }),
    notify: sendTo(notifications, notificationOf),
  },
}).createMachine({
  id: 'lineEdit',
  context: ({ input }) => ({
    line: input.line,
    address: input.address,
    value: initialValue(input.line),
    error: null,
    refusal: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The line edit dialog is open: the user types a new value, then submits or cancels.',
      on: {
        'lineEdit.change': {
          actions: { type: 'assignValue', params: ({ event }) => ({ value: event.value }) },
        },
        'lineEdit.submit': [{ guard: 'valueValid', target: 'writing' }, { actions: 'showValueError' }],
        'lineEdit.cancel': 'cancelled',
      },
    },
    // The dialog stays open (and its controls disabled) until the device answers.
    writing: {
      description: 'The new value is being written to the device; a refusal or failure shows in the dialog.',
      invoke: {
        id: 'writeLine',
        src: 'writeLine',
        input: ({ context }) => ({
          hexacode: context.address.hexacode,
          department: context.address.department,
          subDepartment: context.address.subDepartment,
          page: context.address.page,
          line: context.line.number,
          value: writtenValue(context.line, context.value),
        }),
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => ({ outcome: event.output }) },
            target: 'saved',
            actions: notify('success', 'lineEdit.updated'),
          },
          // Not written: the dialog says why; the operator may correct the value and try again, or cancel.
          {
            target: 'editing',
            actions: [
              notify('error', 'lineEdit.refused'),
              { type: 'showRefusal', params: ({ event }) => ({ outcome: event.output }) },
            ],
          },
        ],
        onError: {
          target: 'editing',
          actions: [notify('error', 'lineEdit.failed'), 'showFailure'],
        },
      },
    },
    saved: {
      description: 'The device accepted the value; the dialog closes.',
      type: 'final',
      output: { result: 'saved' },
    },
    cancelled: {
      description: 'The user cancelled; the dialog closes and the value stays.',
      type: 'final',
      output: { result: 'cancelled' },
    },
  },
  // The reached final state names the result (its output arrives as the done event's output).
  output: ({ event }) => event.output as LineEditOutput,
});
