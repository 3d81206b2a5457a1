import { historyQuerySetup, requestOf } from './historyQuery.setup';

/**
 * The history one widget shows (SPEC §1 historical widgets, issue 9): queries its series over the range it
 * shows (its interval, a range chosen from its header, or a zoom), follows new samples while that range ends
 * now, and says when a query failed until retried. Any change of range or series leaves the running query:
 * XState stops its actor (aborting the request), so a late answer for an old range is never shown.
 */
export const historyQueryMachine = historyQuerySetup.createMachine({
  id: 'historyQuery',
  context: ({ input }) => ({
    widgetId: input.widgetId,
    config: input.config,
    view: null,
    zoom: null,
    result: null,
    fetchedAt: null,
    timeZone: 'UTC',
  }),
  // A range chosen before a reload is shown again.
  entry: 'restoreView',
  invoke: { id: 'alarmMarks', src: 'alarmMarks' },
  initial: 'starting',
  on: {
    'history.configure': {
      guard: { type: 'configChanged', params: ({ event }) => ({ config: event.config }) },
      target: '.starting',
      actions: [
        { type: 'assignConfig', params: ({ event }) => ({ config: event.config }) },
        { type: 'rememberView', params: ({ context }) => ({ widgetId: context.widgetId, interval: null }) },
      ],
    },
    'history.setRange': {
      target: '.starting',
      actions: [
        { type: 'assignView', params: ({ event }) => ({ interval: event.interval }) },
        {
          type: 'rememberView',
          params: ({ context, event }) => ({ widgetId: context.widgetId, interval: event.interval }),
        },
      ],
    },
    'history.zoom': {
      guard: { type: 'validZoom', params: ({ event }) => ({ from: event.from, to: event.to }) },
      target: '.starting',
      actions: { type: 'assignZoom', params: ({ event }) => ({ from: event.from, to: event.to }) },
    },
    'history.resetZoom': { guard: 'zoomed', target: '.starting', actions: 'clearZoom' },
  },
  states: {
    // Where every (re)start goes first: a widget without a line to read has nothing to ask.
    starting: {
      description: "A chart's history settings, range or zoom changed: does it have series to query?",
      always: [{ guard: 'hasSeries', target: 'loading' }, { target: 'empty' }],
    },
    empty: { description: 'The chart has no series to show.' },
    loading: {
      description: "The chart's history is being fetched for its range.",
      invoke: {
        id: 'queryHistory',
        src: 'queryHistory',
        input: ({ context }) => requestOf(context),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) },
            'tellMarksRange',
          ],
        },
        onError: 'failed',
      },
    },
    // The live tail: a range that ends now is asked again shortly after the next expected sample.
    ready: {
      description:
        'The chart shows its history; a range that follows now fetches the newest values periodically.',
      after: { tail: { guard: 'followsNow', target: 'loading' } },
    },
    failed: {
      description: 'The history could not be fetched; the chart says so, retries and offers a retry.',
      on: { 'history.retry': 'loading' },
      after: { retry: { guard: 'followsNow', target: 'loading' } },
    },
  },
});
