import { dayOf, reportRequest } from './reviews';
import { reportsSetup } from './reports.setup';


/**
 * The Reports screen (/reports?store&from&to): pick a store and a period, see its HACCP report, save it as PDF or
 * CSV, write what was done about an excursion and sign off excursions and days. The choice is kept in the address.
 */
export const reportsMachine = reportsSetup.createMachine({
  id: 'reports',
  context: {
    stores: [],
    choice: { store: null, from: '', to: '' },
    report: null,
    notice: null,
    pending: { target: { excursion: '' }, text: '' },
  },
  initial: 'starting',
  states: {
    starting: {
      description: 'The stores to choose from are read, and the choice the address holds.',
      invoke: {
        id: 'loadChoices',
        src: 'loadChoices',
        onDone: [
          {
            guard: { type: 'hasStore', params: ({ event }) => ({ choice: event.output.choice }) },
            target: 'ready.loading',
            actions: { type: 'assignChoices', params: ({ event }) => event.output },
          },
          { target: 'ready.choosing', actions: { type: 'assignChoices', params: ({ event }) => event.output } },
        ],
        onError: 'unavailable',
      },
    },
    unavailable: {
      description: 'The stores could not be read; the user may try again.',
      on: { 'report.retried': 'starting' },
    },
    ready: {
      description:
        'The stores are known: a store and a period may be chosen; scheduled reports and limits are managed here.',
      initial: 'choosing',
      // The scheduled reports are managed beside the report, whatever it shows.
      invoke: [
        {
          id: 'schedules',
          src: 'schedules',
          input: ({ context }) => ({ store: context.choice.store ?? context.stores[0]?.hexacode ?? '' }),
        },
        { id: 'limits', src: 'limits' },
      ],
      on: {
        'report.storeChosen': {
          actions: { type: 'chooseStore', params: ({ event }) => ({ store: event.store }) },
        },
        'report.periodChosen': {
          actions: { type: 'choosePeriod', params: ({ event }) => ({ from: event.from, to: event.to }) },
        },
        'report.requested': {
          guard: 'isChoiceValid',
          target: '.loading',
          actions: { type: 'rememberChoice', params: ({ context }) => context.choice },
        },
      },
      states: {
        choosing: { description: 'No store is chosen yet.' },
        loading: {
          description: "The chosen store's report is computed by the server.",
          entry: 'clearNotice',
          invoke: {
            id: 'loadReport',
        src: 'loadReport',
            input: ({ context }) => reportRequest(context.choice),
            onDone: {
              target: 'shown',
              actions: { type: 'assignReport', params: ({ event }) => ({ report: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'noteFailure', params: ({ event }) => ({ step: 'load', error: event.error }) },
            },
          },
        },
        failed: {
          description: 'The report could not be made; the notice says why.',
          on: { 'report.retried': 'loading' },
        },
        shown: {
          description: "The report is on screen: saved, reviewed, or made again after a limit's change.",
          initial: 'idle',
          states: {
            idle: {
              description: 'The report is shown; it may be saved, and excursions and days reviewed.',
              on: {
                'report.downloadRequested': 'downloading',
                // The limits editor stored a change: the report is made again with it.
                'report.limitsChanged': '#reports.ready.loading',
                'excursion.actionSubmitted': {
                  guard: { type: 'hasText', params: ({ event }) => ({ text: event.text }) },
                  target: 'writingAction',
                  actions: {
                    type: 'assignPending',
                    params: ({ event }) => ({ target: { excursion: event.excursion }, text: event.text }),
                  },
                },
                'excursion.signOffRequested': {
                  guard: {
                    type: 'isUnsigned',
                    params: ({ event }) => ({ target: { excursion: event.excursion } }),
                  },
                  target: 'signingOff',
                  actions: {
                    type: 'assignPending',
                    params: ({ event }) => ({ target: { excursion: event.excursion } }),
                  },
                },
                'day.signOffRequested': {
                  guard: { type: 'isUnsigned', params: ({ event }) => ({ target: dayOf(event) }) },
                  target: 'signingOff',
                  actions: { type: 'assignPending', params: ({ event }) => ({ target: dayOf(event) }) },
                },
              },
            },
            downloading: {
              description: 'The document is made by the server, then saved by the browser.',
              entry: 'clearNotice',
              invoke: {
                id: 'downloadReport',
        src: 'downloadReport',
                input: ({ context, event }) => ({
                  ...reportRequest(context.choice),
                  format: event.type === 'report.downloadRequested' ? event.format : 'pdf',
                }),
                onDone: { target: 'idle', actions: { type: 'saveFile', params: ({ event }) => event.output } },
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'noteFailure',
                    params: ({ event }) => ({ step: 'download', error: event.error }),
                  },
                },
              },
            },
            writingAction: {
              description: 'The corrective action is being stored.',
              entry: 'clearNotice',
              invoke: {
                id: 'writeCorrectiveAction',
        src: 'writeCorrectiveAction',
                input: ({ context }) => ({
                  excursion: 'excursion' in context.pending.target ? context.pending.target.excursion : '',
                  text: context.pending.text,
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'mergeReview', params: ({ event }) => ({ review: event.output }) },
                    { type: 'noteStored', params: { step: 'action' } },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'noteFailure',
                    params: ({ event }) => ({ step: 'action', error: event.error }),
                  },
                },
              },
            },
            signingOff: {
              description: 'The sign-off is being stored.',
              entry: 'clearNotice',
              invoke: {
                id: 'signOff',
        src: 'signOff',
                input: ({ context }) => context.pending.target,
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'mergeReview', params: ({ event }) => ({ review: event.output }) },
                    { type: 'noteStored', params: { step: 'signOff' } },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'noteFailure',
                    params: ({ event }) => ({ step: 'signOff', error: event.error }),
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});
