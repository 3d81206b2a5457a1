import * as v from 'valibot';
import type { KyInstance } from 'ky';
import { Fleet, type FleetRow } from '../contracts';

/** GET /api/v2/fleet: the tenant's stores at a glance, worst first. */
export interface FleetApi {
  loadFleet(): Promise<FleetRow[]>;
}

export function createFleetApi(http: KyInstance): FleetApi {
  return {
    loadFleet: async () => v.parse(Fleet, await http.get('v2/fleet').json()).stores,
  };
}
