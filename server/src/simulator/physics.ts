import type { Random } from './random';
import { CONDENSER_ALARMS, SUCTION_ALARMS, condenser, suctionGroup } from './physics/compressor-pack';
import { EVAPORATOR_ALARMS, type EvaporatorProfile, evaporator } from './physics/evaporator';
import { AHU_ALARMS, ZONE_ALARMS, airHandlingUnit, zone } from './physics/hvac';
import type { DepartmentSim } from './physics/shared';

export type { DepartmentSim, SimEvent } from './physics/shared';
// Single models, for tests that drive one directly.
export { airHandlingUnit, evaporator, suctionGroup, zone };

/** Every alarm code the physics of each ADF department kind can raise (the ADFs must name them all). */
export const ALARM_CODES_BY_KIND: Readonly<Record<string, readonly string[]>> = {
  evaporator: EVAPORATOR_ALARMS,
  suction: SUCTION_ALARMS,
  condenser: CONDENSER_ALARMS,
  ahu: AHU_ALARMS,
  zone: ZONE_ALARMS,
};

/** Builds the physics of one department from its ADF kind and the fleet's profile for it. */
export function createDepartmentSim(
  kind: string,
  profile: string | undefined,
  random: Random,
): DepartmentSim | undefined {
  switch (kind) {
    case 'evaporator':
      return evaporator((profile as EvaporatorProfile | undefined) ?? 'mt-case', random);
    case 'suction':
      return suctionGroup(profile === 'lt' ? 'lt' : 'mt', random);
    case 'condenser':
      return condenser(random);
    case 'ahu':
      return airHandlingUnit(random);
    case 'zone':
      return zone(random);
    default:
      return undefined;
  }
}
