import { fromCallback, setup } from 'xstate';
import type { ConnectivityEvent } from './connectivity.events';

export const connectivityMachine = setup({
  types: { events: {} as ConnectivityEvent },
  actors: {
    // Provided by the composition root: reports the current state once, then every change.
    watchNetwork: fromCallback<ConnectivityEvent>(() => () => {}),
  },
}).createMachine({
  id: 'connectivity',
  invoke: { id: 'watchNetwork', src: 'watchNetwork' },
  initial: 'online',
  states: {
    online: { description: 'The browser has a network connection.', on: { 'network.lost': 'offline' } },
    offline: {
      description: 'The browser lost its network connection; the app says it is offline.',
      on: { 'network.restored': 'online' },
    },
  },
});
