import * as v from 'valibot';
import { HEXACODE, TENANT } from '../gateway/protocol';

/** One real device of a fleet: what an administrator registers, plus how the simulator should make it behave. */
export const FleetDevice = v.object({
  tenant: v.pipe(v.string(), v.regex(TENANT)),
  hexacode: v.pipe(v.string(), v.regex(HEXACODE)),
  model: v.string(),
  name: v.pipe(v.string(), v.nonEmpty()),
  credential: v.pipe(v.string(), v.minLength(16)),
  /** Business group name; absent = a standalone device. */
  businessGroup: v.optional(v.string()),
  /** Departments present ("1.0"); absent = all of the model's. */
  departments: v.optional(v.array(v.string())),
  /** Physics profile per department, e.g. { "1.0": "lt-case" }. */
  profiles: v.optional(v.record(v.string(), v.string())),
});
export type FleetDevice = v.InferOutput<typeof FleetDevice>;
