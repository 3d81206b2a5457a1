import { assign, sendTo, setup } from 'xstate';
import type { WidgetElement } from '#contracts';
import type { Line } from '#contracts/devices';
import type { LinesRequest, PageAddress } from '../devicePage/devicePage.types';
import { lineEditMachine } from '../lineEdit/lineEditMachine';
import { notificationOf, notifications, notify } from '../notifications/notify';
import { notProvided } from '../notProvided';

export interface ElementLineEditInput {
  element: WidgetElement;
}

export interface ElementLineEditContext {
  element: WidgetElement;
  /** The element's line as the device page knows it (options, limits, read-only), once loaded. */
  line: Line | null;
}

/** The page an element's line lives on, or null when the element has no complete line address. */
function elementAddress(element: WidgetElement): (PageAddress & { line: number }) | null {
  const { hexacode, department, subDepartment, pageNumber, lineNumber } = element;
  if (
    !hexacode ||
    department === null ||
    subDepartment === null ||
    pageNumber === null ||
    lineNumber === null
  )
    return null;
  return { hexacode, department, subDepartment, page: pageNumber, line: lineNumber };
}

const addressOf = (context: ElementLineEditContext): PageAddress => {
  const { hexacode, department, subDepartment, page } = elementAddress(context.element)!;
  return { hexacode, department, subDepartment, page };
};

/**
 * Line edit from a widget (elements of widgets with enableLineEdit): loads the element's line, so the
 * line-details dialog knows its options and limits, then runs the same line edit as the device page.
 */
export const elementLineEditMachine = setup({
  types: {
    context: {} as ElementLineEditContext,
    input: {} as ElementLineEditInput,
  },
  actors: {
    // POST /api/v2/devices/pages/lines (provided): the element's line, or null when the page has no such line.
    loadLine: notProvided<Line | null, LinesRequest & { line: number }>('loadLine'),
    lineEdit: lineEditMachine,
  },
  guards: {
    addressed: ({ context }) => elementAddress(context.element) !== null,
    editable: (_, params: { line: Line | null }) => params.line !== null && !params.line.readOnly,
  },
  actions: {
    assignLine: assign({ line: (_, params: { line: Line | null }) => params.line }),
    notify: sendTo(notifications, notificationOf),
  },
}).createMachine({
  id: 'elementLineEdit',
  context: ({ input }) => ({ element: input.element, line: null }),
  initial: 'checking',
  states: {
    checking: {
      description: 'A dashboard element was chosen for editing: does it name a line to write?',
      always: [
        { guard: 'addressed', target: 'loading' },
        {
          target: 'done',
          actions: notify('error', 'dashboardEditor.lineNotEditable'),
        },
      ],
    },
    loading: {
      description: "The element's line is being fetched to see whether it can be edited.",
      invoke: {
        id: 'loadLine',
        src: 'loadLine',
        input: ({ context }) => ({
          ...addressOf(context),
          rawHexacode: context.element.rawHexacode ?? context.element.hexacode!,
          line: context.element.lineNumber!,
        }),
        onDone: [
          {
            guard: { type: 'editable', params: ({ event }) => ({ line: event.output }) },
            target: 'editing',
            actions: { type: 'assignLine', params: ({ event }) => ({ line: event.output }) },
          },
          {
            target: 'done',
            actions: notify('error', 'dashboardEditor.lineNotEditable'),
          },
        ],
        onError: {
          target: 'done',
          actions: notify('error', 'dashboardEditor.lineLoadFailed'),
        },
      },
    },
    editing: {
      description: "The line edit dialog is open for the element's line.",
      invoke: {
        id: 'lineEdit',
        src: 'lineEdit',
        input: ({ context }) => ({ line: context.line!, address: addressOf(context) }),
        onDone: 'done',
      },
    },
    done: {
      description: "The element's line edit is over (edited, cancelled or not editable).",
      type: 'final',
    },
  },
});
