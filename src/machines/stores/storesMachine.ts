import { assign, setup } from 'xstate';
import type { FleetRow } from '#contracts';
import type { StoresEvent } from './stores.events';
import { notProvided } from '../notProvided';

export interface StoresContext {
  /** The stores, worst first, as the server ordered them. */
  stores: FleetRow[];
  /** The last refresh failed: the figures shown are older than they look. */
  stale: boolean;
}

/** How often the figures are read again while the screen is open. */
export const STORES_REFRESH_MS = 30_000;

/**
 * The chain at a glance (/stores): every store of the tenant worst first, read again every half minute while the
 * screen is open; a failed refresh keeps the last figures and says they are old.
 */
export const storesMachine = setup({
  types: { context: {} as StoresContext, events: {} as StoresEvent },
  actors: {
    // GET /api/v2/fleet (provided, see provideStores).
    loadFleet: notProvided<FleetRow[]>('loadFleet'),
  },
  delays: { REFRESH: STORES_REFRESH_MS },
  actions: {
    assignStores: assign((_, params: { stores: FleetRow[] }) => ({ stores: params.stores, stale: false })),
    markStale: assign({ stale: true }),
  },
}).createMachine({
  id: 'stores',
  context: { stores: [], stale: false },
  initial: 'loading',
  states: {
    loading: {
      description: "The tenant's stores are being read.",
      invoke: {
        id: 'loadFleet',
        src: 'loadFleet',
        onDone: {
          target: 'shown',
          actions: { type: 'assignStores', params: ({ event }) => ({ stores: event.output }) },
        },
        onError: 'failed',
      },
    },
    failed: {
      description: 'The stores could not be read; the user may try again.',
      on: { 'stores.retry': 'loading' },
    },
    shown: {
      description: 'The stores are shown worst first; they are read again after a while or when asked.',
      after: { REFRESH: 'refreshing' },
      on: { 'stores.refresh': 'refreshing' },
    },
    refreshing: {
      description: 'The figures are read again while the last ones stay on screen.',
      invoke: {
        id: 'loadFleet',
        src: 'loadFleet',
        onDone: {
          target: 'shown',
          actions: { type: 'assignStores', params: ({ event }) => ({ stores: event.output }) },
        },
        onError: { target: 'shown', actions: 'markStale' },
      },
    },
  },
});
