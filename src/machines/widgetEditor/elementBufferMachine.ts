import { assign, sendParent, setup } from 'xstate';
import type { AvailableBuffer } from '#contracts';
import type { UserPreferences } from '../userPreferences';
import type { BufferChanged, ElementBufferEvent, ElementBufferInput } from './elementBuffer.events';
import { bufferOf, choiceOf, initialPcNumber, requestOf, type BufferRequest } from './elementBuffer.rules';

export interface ElementBufferContext {
  buffers: AvailableBuffer[];
  lineChosen: boolean;
  pcNumber: number;
  useDefault: boolean;
  /** The create or change request as typed. */
  request: BufferRequest;
  /** Whether the element opened asking for its buffer to be created or changed (status CREATE_BUFFER). */
  asked: boolean;
  preferences: UserPreferences;
  now: number;
}

/** What the element step hears: the element's fields for the choice, and whether a buffer can be read. */
export function bufferReport(context: ElementBufferContext, requesting: boolean): BufferChanged {
  const { pcNumber, useDefault, buffers, request, preferences, lineChosen } = context;
  // Without a line there is no buffer to read.
  const choice = lineChosen
    ? choiceOf(pcNumber, useDefault, buffers, requesting ? request : null, preferences)
    : null;
  return {
    type: 'buffer.changed',
    choice: choice ?? { pcNumber, useDefaultPcNumber: useDefault, buffer: null },
    ready: choice !== null,
  };
}

/**
 * SPEC §3/§4/§6: the buffer an element of a historical widget reads. The chosen line's buffers of the chosen PC
 * number (the user's own PC numbers, or 1–99 with APPLY_ACL; the default preselected when the element uses the
 * default); without one, 'Buffer not available' unless the user may create buffers and asks for one, with an
 * interval and a start; changing an existing buffer's interval or start asks for it again (CREATE_BUFFER).
 * Reports every change to the element step (buffer.changed), which saves the element only when it is ready.
 */
export const elementBufferMachine = setup({
  types: {
    context: {} as ElementBufferContext,
    events: {} as ElementBufferEvent,
    input: {} as ElementBufferInput,
  },
  guards: {
    lineChosen: ({ context }) => context.lineChosen,
    hasBuffer: ({ context }) => bufferOf(context.buffers, context.pcNumber) !== undefined,
    askedBefore: ({ context }) => context.asked && context.preferences.mayCreateBuffers,
    mayCreate: ({ context }) => context.preferences.mayCreateBuffers,
    choosable: ({ context }, params: { pcNumber: number }) =>
      context.preferences.pcNumbers.includes(params.pcNumber),
  },
  actions: {
    useDefault: assign(({ context }, params: { on: boolean }) => ({
      useDefault: params.on,
      pcNumber: params.on ? context.preferences.defaultPcNumber : context.pcNumber,
    })),
    choosePcNumber: assign((_, params: { pcNumber: number }) => ({
      pcNumber: params.pcNumber,
      useDefault: false,
    })),
    /** The request starts from the buffer of the PC number now chosen (or the user's defaults). */
    startRequest: assign({
      request: ({ context }) =>
        requestOf(bufferOf(context.buffers, context.pcNumber), context.preferences, context.now),
    }),
    editRequest: assign({
      request: ({ context }, params: Partial<BufferRequest>) => ({ ...context.request, ...params }),
    }),
    /** Tells the element step (its parent) the element's buffer fields after a change. */
    report: sendParent(({ context }, params: { requesting: boolean }) =>
      bufferReport(context, params.requesting),
    ),
  },
}).createMachine({
  id: 'elementBuffer',
  context: ({ input }) => {
    const buffer = input.element.buffer;
    const pcNumber = initialPcNumber(input.element, input.preferences);
    const asked = buffer?.status === 'CREATE_BUFFER' && buffer.interval !== null && buffer.start !== null;

    return {
      buffers: [...input.buffers],
      lineChosen: input.element.lineNumber !== null,
      pcNumber,
      useDefault: input.element.useDefaultPcNumber,
      request: requestOf(
        asked
          ? { pcNumber, interval: buffer.interval!, start: buffer.start! }
          : bufferOf(input.buffers, pcNumber),
        input.preferences,
        input.now,
      ),
      asked,
      preferences: input.preferences,
      now: input.now,
    };
  },
  initial: 'opening',
  states: {
    opening: {
      description: "The element's buffer settings open: has a line been chosen?",
      always: [{ guard: 'lineChosen', target: 'chosen' }, { target: 'unaddressed' }],
    },
    // No line yet: nothing to read.
    unaddressed: {
      description: 'No line chosen yet: there is no buffer to read.',
      entry: { type: 'report', params: { requesting: false } },
    },
    chosen: {
      description: "A line is chosen: the user picks which PC number's buffer the element reads.",
      initial: 'opening',
      on: {
        'buffer.useDefault': {
          target: '.deciding',
          actions: { type: 'useDefault', params: ({ event }) => event },
        },
        'buffer.choosePcNumber': {
          guard: { type: 'choosable', params: ({ event }) => event },
          target: '.deciding',
          actions: { type: 'choosePcNumber', params: ({ event }) => event },
        },
      },
      states: {
        // An element that asked for its buffer to be created or changed opens with its request.
        opening: {
          description: 'Did the element ask for its buffer to be created or changed before?',
          always: [{ guard: 'askedBefore', target: 'requesting' }, { target: 'deciding' }],
        },
        deciding: {
          description: 'Does the chosen PC number already have a buffer on the line?',
          always: [{ guard: 'hasBuffer', target: 'existing' }, { target: 'missing' }],
        },
        existing: {
          description: 'The buffer exists and is shown; the user may ask to change it.',
          entry: { type: 'report', params: { requesting: false } },
          on: { 'buffer.request': { guard: 'mayCreate', target: 'requesting', actions: 'startRequest' } },
        },
        missing: {
          description: 'The line has no such buffer yet; the user may ask for one to be created.',
          entry: { type: 'report', params: { requesting: false } },
          on: { 'buffer.request': { guard: 'mayCreate', target: 'requesting', actions: 'startRequest' } },
        },
        requesting: {
          description:
            'The user asks for the buffer to be created or changed: interval and start are typed here.',
          entry: { type: 'report', params: { requesting: true } },
          on: {
            'buffer.changeInterval': {
              actions: [
                { type: 'editRequest', params: ({ event }) => ({ intervalText: event.text }) },
                { type: 'report', params: { requesting: true } },
              ],
            },
            'buffer.changeStart': {
              actions: [
                { type: 'editRequest', params: ({ event }) => ({ startText: event.text }) },
                { type: 'report', params: { requesting: true } },
              ],
            },
            'buffer.withdraw': 'deciding',
          },
        },
      },
    },
  },
});
