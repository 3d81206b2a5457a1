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
    online: { on: { 'network.lost': 'offline' } },
    offline: { on: { 'network.restored': 'online' } },
  },
});
