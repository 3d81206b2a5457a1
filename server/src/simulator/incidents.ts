import type { SimulatedDevice } from './device';
import type { SimEvent } from './physics';
import { type Random, chance } from './random';

/** What can go wrong in a department of each ADF kind, and for how long (seconds), for the demo's alarms. */
export const INCIDENTS_BY_KIND: Readonly<
  Record<string, readonly { event: SimEvent; seconds: [number, number] }[]>
> = {
  // Door open: DOOR_OPEN after 5 min; the coil frosts and HIGH_TEMPERATURE follows on its delay.
  evaporator: [
    { event: 'doorLeftOpen', seconds: [1800, 2400] },
    // A stuck defrost termination: LONG_DEFROST past the 30 min maximum.
    { event: 'longDefrost', seconds: [2400, 3300] },
    { event: 'sensorFault', seconds: [300, 900] },
  ],
  suction: [{ event: 'compressorTrip', seconds: [600, 1200] }],
  zone: [{ event: 'heatGain', seconds: [1800, 2700] }],
};

/** A lost device: off the network long enough for the server's DEVICE_LOST (60 s), then back. */
const LOST_DEVICE_MS: [number, number] = [120_000, 300_000];

export interface IncidentOptions {
  /** Incidents across the whole fleet per hour; about one in six is a lost device. 0 = none. */
  perHour: number;
  random: Random;
  /** How often the dice are rolled. Default one minute. */
  checkEveryMs?: number;
  log?: (message: string) => void;
}

const between = (random: Random, [lo, hi]: [number, number]) => lo + random() * (hi - lo);

/**
 * Now and then, somewhere in the fleet, something goes wrong: a door left open, a long defrost, a sensor fault, a
 * compressor trip, a warm zone, or a device dropping off the network for a few minutes. The physics raise the
 * alarms and clear them when they recover. Returns the function that stops it.
 */
export function startIncidents(devices: readonly SimulatedDevice[], options: IncidentOptions): () => void {
  const { random, perHour } = options;
  const everyMs = options.checkEveryMs ?? 60_000;
  if (perHour <= 0 || devices.length === 0) return () => {};
  const timer = setInterval(() => {
    if (chance(random, perHour, everyMs / 1000)) happen(devices, random, options.log);
  }, everyMs);
  timer.unref?.();
  return () => clearInterval(timer);
}

/** One incident on a device of the fleet chosen at random (seeded: a run is reproducible). */
export function happen(
  devices: readonly SimulatedDevice[],
  random: Random,
  log?: (message: string) => void,
): string | undefined {
  const online = devices.filter((d) => d.connected);
  if (random() < 1 / 6 && online.length > 0) {
    const device = online[Math.floor(random() * online.length)]!;
    const ms = between(random, LOST_DEVICE_MS);
    log?.(`${device.spec.hexacode}: incident, off the network for ${Math.round(ms / 1000)} s`);
    device.dropConnection(ms);
    return `${device.spec.hexacode} lost`;
  }
  const candidates = devices.flatMap((device) =>
    device.departmentKinds.flatMap(({ key, kind }) =>
      (INCIDENTS_BY_KIND[kind] ?? []).map((incident) => ({ device, key, ...incident })),
    ),
  );
  const pick = candidates[Math.floor(random() * candidates.length)];
  if (!pick) return undefined;
  const seconds = between(random, pick.seconds);
  if (!pick.device.trigger(pick.key, pick.event, seconds)) return undefined;
  log?.(`${pick.device.spec.hexacode} ${pick.key}: incident ${pick.event} for ${Math.round(seconds)} s`);
  return `${pick.device.spec.hexacode} ${pick.key} ${pick.event}`;
}
