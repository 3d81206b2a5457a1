import type { Random } from './random';
import { condenser, suctionGroup } from './physics/compressor-pack';
import { type EvaporatorProfile, evaporator } from './physics/evaporator';
import { airHandlingUnit, zone } from './physics/hvac';
import type { DepartmentSim } from './physics/shared';

export type { DepartmentSim } from './physics/shared';
// Single models, for tests that drive one directly.
export { airHandlingUnit, evaporator, suctionGroup, zone };

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
