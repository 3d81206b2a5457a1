import type { Random } from '../random';

/**
 * Department physics. Values are engineering values keyed by the ADF line key (option lines hold the option
 * index; null means no reading, e.g. a failed sensor). Each model step is explicit Euler over dt seconds; dt up to
 * a few seconds is stable for the time constants used here (minutes).
 */
export type Values = Record<string, number | null>;

interface StepContext {
  random: Random;
  /** Simulated wall-clock time, for day/night behaviour. */
  now: Date;
  /** Multiplies the rate of random events (doors, faults): 0 disables them (tests), 1 is the demo default. */
  eventRate: number;
}

export interface DepartmentSim {
  readonly values: Values;
  step(dt: number, ctx: StepContext): void;
  /** ON or ON_ALARM plus the active alarm codes. */
  status(): { alarm: boolean; alarms: string[] };
  /** Called after an accepted write of key (already stored in values). */
  onWrite?(key: string): void;
  /**
   * Makes something happen now for `seconds` (a door left open, a compressor trip…), for the demo's history and
   * for raising an alarm on demand. False when this kind of department has no such event.
   */
  trigger?(event: SimEvent, seconds: number): boolean;
}

/** What can be made to happen to a simulated department. */
export type SimEvent = 'doorLeftOpen' | 'longDefrost' | 'sensorFault' | 'compressorTrip' | 'heatGain';

/** The alarm list of an `activeAlarm` line's value: index 1..n of `codes` (the line's options), 0 = none. */
export function activeAlarmStatus(
  codes: readonly string[],
  active: number,
): { alarm: boolean; alarms: string[] } {
  const code = active > 0 ? codes[active - 1] : undefined;
  return { alarm: code !== undefined, alarms: code === undefined ? [] : [code] };
}

export const num = (v: Values, k: string, fallback = 0): number => {
  const x = v[k];
  return typeof x === 'number' ? x : fallback;
};
export const round = (x: number, step: number) => Math.round(x / step) * step;
export const hourOf = (d: Date) => d.getHours() + d.getMinutes() / 60;
/** Night in the store: closed, lights low, case blinds down. */
export const isNight = (d: Date) => hourOf(d) >= 22 || hourOf(d) < 6;
/** Outdoor temperature with a daily swing, °C. */
export const outdoorTemp = (now: Date) => 9 + 6 * Math.sin(((hourOf(now) - 9) / 24) * 2 * Math.PI);
