import type { Line } from '#contracts/devices';
import { devicePageSetup, emptyPage, linesRequest } from './devicePage.setup';
import type { PageAddress } from './devicePage.types';

export { REFRESH_INTERVAL_MS } from './devicePage.setup';
/**
 * One device page: looks its department up in the device tree, loads its lines, follows pushed values and
 * refreshes as a fallback, and runs the line edit dialog (types, guards and actions: devicePage.setup.ts).
 */
export const devicePageMachine = devicePageSetup.createMachine({
  id: 'devicePage',
  context: { ...emptyPage, address: null, showRealtimeNote: false },
  initial: 'idle',
  on: {
    'page.open': [
      {
        // The same page again (another route report, a settings change): keep what is loaded.
        guard: { type: 'sameOpenPage', params: ({ event }) => ({ address: event.address }) },
        actions: { type: 'assignRealtimeNote', params: ({ event }) => ({ show: event.showRealtimeNote }) },
      },
      {
        target: '.lookingUp',
        actions: { type: 'openPage', params: ({ event }) => event },
      },
    ],
    'page.close': { target: '.idle', actions: 'forgetPage' },
  },
  states: {
    idle: { description: 'No device page is open (or the device or department asked for is unknown).' },
    lookingUp: {
      description: 'The department of the device page asked for is being looked up.',
      invoke: {
        id: 'lookupDepartment',
        src: 'lookupDepartment',
        input: ({ context }) => context.address as PageAddress,
        onDone: [
          {
            guard: { type: 'unknownDevice', params: ({ event }) => ({ lookup: event.output }) },
            target: 'idle',
            actions: [
              { type: 'redirectToNotFound', params: { message: 'devicePage.deviceNotFound' } },
              'forgetPage',
            ],
          },
          {
            guard: { type: 'unknownDepartment', params: ({ event }) => ({ lookup: event.output }) },
            target: 'idle',
            actions: [
              { type: 'redirectToNotFound', params: { message: 'devicePage.departmentNotFound' } },
              'forgetPage',
            ],
          },
          {
            guard: { type: 'departmentOffline', params: ({ event }) => ({ lookup: event.output }) },
            target: 'offline',
            actions: { type: 'assignDepartment', params: ({ event }) => ({ lookup: event.output }) },
          },
          {
            target: 'loading',
            actions: { type: 'assignDepartment', params: ({ event }) => ({ lookup: event.output }) },
          },
        ],
        onError: { target: 'failed', actions: 'notifyLoadFailed' },
      },
    },
    // SPEC §4: an OFF or OFF_ALARM department shows a notice naming it and loads no lines.
    offline: {
      description: 'The department is offline: the page says so and the user can refresh.',
      on: { 'page.refresh': 'lookingUp' },
    },
    loading: {
      description: "The department's lines are being fetched.",
      invoke: {
        id: 'loadLines',
        src: 'loadLines',
        input: ({ context }) => linesRequest(context),
        onDone: [
          {
            // A page number the department's ADF does not have is as unknown as a department (SPEC §4).
            guard: { type: 'unknownPage', params: ({ event }) => ({ response: event.output }) },
            target: 'idle',
            actions: [
              { type: 'redirectToNotFound', params: { message: 'devicePage.pageNotFound' } },
              'forgetPage',
            ],
          },
          {
            target: 'loaded',
            actions: { type: 'assignLines', params: ({ event }) => ({ response: event.output }) },
          },
        ],
        onError: { target: 'failed', actions: 'notifyLoadFailed' },
      },
    },
    failed: {
      description: 'The lines could not be loaded; the user can refresh.',
      on: { 'page.refresh': 'lookingUp' },
    },
    loaded: {
      description: "The department's lines are shown with live values.",
      entry: 'subscribeLive',
      exit: 'unsubscribeLive',
      initial: 'watching',
      states: {
        watching: {
          description:
            'The lines show live values and refresh periodically; the user can pick an editable line.',
          after: { REFRESH_INTERVAL: 'refreshing' },
          on: {
            'page.refresh': 'refreshing',
            'page.valuesPushed': {
              guard: { type: 'sameOpenPage', params: ({ event }) => ({ address: event.topic }) },
              actions: { type: 'applyPushedValues', params: ({ event }) => ({ values: event.lines }) },
            },
            'line.select': {
              guard: { type: 'lineEditable', params: ({ event }) => ({ lineNumber: event.lineNumber }) },
              target: 'editing',
              actions: { type: 'selectLine', params: ({ event }) => ({ lineNumber: event.lineNumber }) },
            },
          },
        },
        refreshing: {
          description: 'The lines are being fetched again.',
          invoke: {
            id: 'refreshLines',
            src: 'refreshLines',
            input: ({ context }) => linesRequest(context),
            onDone: {
              target: 'watching',
              actions: { type: 'assignLines', params: ({ event }) => ({ response: event.output }) },
            },
            onError: { target: 'watching', actions: 'notifyLoadFailed' },
          },
          on: {
            'page.valuesPushed': {
              guard: { type: 'sameOpenPage', params: ({ event }) => ({ address: event.topic }) },
              actions: { type: 'applyPushedValues', params: ({ event }) => ({ values: event.lines }) },
            },
          },
        },
        // SPEC §4: data refresh pauses while the line edit dialog is open (no timer, pushes ignored);
        // closing it reads the page again, so the edited value and anything missed show at once.
        editing: {
          description: 'The line edit dialog is open for the chosen line; the lines refresh when it closes.',
          invoke: {
            id: 'lineEdit',
            src: 'lineEdit',
            input: ({ context }) => ({
              line: context.selectedLine as Line,
              address: context.address as PageAddress,
            }),
            onDone: { target: 'refreshing', actions: 'forgetSelectedLine' },
          },
        },
      },
    },
  },
});
