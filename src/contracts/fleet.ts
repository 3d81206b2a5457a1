import * as v from 'valibot';
import { HEXACODE } from './common';

/** The case of a store furthest above its limit now: its temperature, its limit and by how much (negative: below). */
export const FleetCase = v.object({
  hexacode: v.string(),
  deviceName: v.string(),
  department: v.number(),
  subDepartment: v.number(),
  temperature: v.number(),
  limit: v.number(),
  excess: v.number(),
});
export type FleetCase = v.InferOutput<typeof FleetCase>;

/** One store (business group) of the tenant at a glance (GET /api/v2/fleet). */
export const FleetRow = v.object({
  hexacode: v.string(),
  name: v.string(),
  devicesOnline: v.number(),
  devicesTotal: v.number(),
  activeAlarms: v.number(),
  unacknowledgedAlarms: v.number(),
  /** Null when no case of the store reports its temperature now. */
  furthestAboveLimit: v.nullable(FleetCase),
  /** Share of the store's case-time within limits over the last 24 hours, 0–100; null without cases. */
  timeInLimitsPct: v.nullable(v.number()),
  /** Seconds since the oldest value of its devices online was reported; null when none reports. */
  oldestValueAgeSeconds: v.nullable(v.number()),
});
export type FleetRow = v.InferOutput<typeof FleetRow>;

/** Worst first: unacknowledged alarms, active alarms, the case furthest above its limit, devices offline. */
export const Fleet = v.object({ stores: v.array(FleetRow) });
export type Fleet = v.InferOutput<typeof Fleet>;

export const FleetQuery = v.object({
  /** One store only (its hexacode); a store of another tenant is not found. */
  businessGroup: v.optional(v.pipe(v.string(), v.regex(HEXACODE, 'businessGroup is invalid'))),
});
export type FleetQuery = v.InferOutput<typeof FleetQuery>;
