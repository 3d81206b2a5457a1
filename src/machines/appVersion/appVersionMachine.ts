import { fromCallback, setup } from 'xstate';
import { isAppRoute } from '../../serviceWorker/messages';
import type { AppVersionEvent } from './appVersion.events';
import { notProvided } from '../notProvided';

export const VERSION_POLL_MS = 5 * 60 * 1000;

export interface AppVersionInput {
  /** Build id baked into the page at build time. */
  loadedBuildId: string;
}

export const appVersionMachine = setup({
  types: {
    context: {} as AppVersionInput,
    events: {} as AppVersionEvent,
    input: {} as AppVersionInput,
  },
  delays: { POLL_INTERVAL: VERSION_POLL_MS },
  actors: {
    // Provided by the composition root: GET /version.json, resolving to the deployed build id.
    fetchBuildId: notProvided<string>('fetchBuildId'),
    watchFocus: fromCallback<AppVersionEvent>(() => () => {}),
    // Provided by the composition root: registers the service worker (clearing the badge) and reports
    // serviceWorker.updateInstalled and notification.clicked.
    watchServiceWorker: fromCallback<AppVersionEvent>(() => () => {}),
  },
  guards: {
    isNewBuild: ({ context }, params: { buildId: string }) => params.buildId !== context.loadedBuildId,
    isAppRoute: (_, params: { route: string }) => isAppRoute(params.route),
  },
  actions: {
    // Reloads into the new version: activates the waiting service worker first when there is one.
    reloadPage: () => {},
    openRoute: (_, _params: { route: string }) => {},
  },
}).createMachine({
  id: 'appVersion',
  context: ({ input }) => ({ loadedBuildId: input.loadedBuildId }),
  // The app's version and its installed shell: the service worker says both when an update waits and when a
  // notification was clicked.
  invoke: { id: 'watchServiceWorker', src: 'watchServiceWorker' },
  on: {
    'serviceWorker.updateInstalled': '.outdated',
    'notification.clicked': {
      guard: { type: 'isAppRoute', params: ({ event }) => ({ route: event.route }) },
      actions: { type: 'openRoute', params: ({ event }) => ({ route: event.route }) },
    },
  },
  initial: 'current',
  states: {
    current: {
      description:
        'The app is the newest build; it checks again periodically and when the window regains focus.',
      invoke: { id: 'watchFocus', src: 'watchFocus' },
      after: { POLL_INTERVAL: 'checking' },
      on: { 'window.focused': 'checking' },
    },
    checking: {
      description: 'Asking the server which build it serves.',
      invoke: {
        id: 'fetchBuildId',
        src: 'fetchBuildId',
        onDone: [
          {
            guard: { type: 'isNewBuild', params: ({ event }) => ({ buildId: event.output }) },
            target: 'outdated',
          },
          { target: 'current' },
        ],
        // Offline or mid-deployment: try again at the next poll.
        onError: 'current',
      },
    },
    // Stays here: the banner remains until the user reloads.
    outdated: {
      description: 'A newer version is available: a banner offers to reload, and stays until the user does.',
      on: { 'app.reload': { actions: 'reloadPage' } },
    },
  },
});
