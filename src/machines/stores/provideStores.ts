import { fromPromise } from 'xstate';
import type { FleetApi } from '../../services/api/fleet';
import { storesMachine } from './storesMachine';

/** The chain overview bound to GET /api/v2/fleet. */
export const provideStores = (api: FleetApi) =>
  storesMachine.provide({ actors: { loadFleet: fromPromise(() => api.loadFleet()) } });
