import { type Random, chance, clamp, noise } from '../random';
import type { DepartmentSim, Values } from './shared';
import { activeAlarmStatus, hourOf, num, outdoorTemp, round } from './shared';

// BC-300 building controller: the air-handling unit and the zones it serves.

/** What the BC-300 unit's `activeAlarm` line reports, options 1 to 4 (its ADF names them). */
export const AHU_ALARMS = ['FROST', 'HIGH_CO2', 'FAN_FAULT', 'FILTER_DIRTY'] as const;
export const ZONE_ALARMS = ['HIGH_ZONE_TEMPERATURE'] as const;

/** Occupancy from a mode (0 schedule, 1 occupied, 2 unoccupied, 3 standby, 4 off) and the opening hours. */
function occupiedNow(mode: number, now: Date): boolean {
  if (mode === 1) return true;
  if (mode !== 0) return false;
  const h = hourOf(now);
  return h >= 7 && h < 21;
}

export function airHandlingUnit(random: Random): DepartmentSim {
  const values: Values = {
    supplyAirTemp: 18,
    returnAirTemp: 21,
    outdoorTemp: 9,
    fanSpeed: 0,
    damper: 20,
    heatingValve: 0,
    coolingValve: 0,
    co2: 600,
    filter: 0,
    occupancyMode: 0,
    supplySetpoint: 18,
    co2Setpoint: 900,
    minDamper: 20,
    occupied: 0,
    frostAlarm: 5,
    co2Alarm: 1500,
    activeAlarm: 0,
    fanHours: 20_000 + Math.floor(random() * 10_000),
  };
  let supply = 18;
  let co2 = 600;
  let fanSec = 0;
  let frostFor = 0;
  let filterDirtyLeft = 0;
  return {
    values,
    step(dt, ctx) {
      const mode = num(values, 'occupancyMode');
      const occupied = occupiedNow(mode, ctx.now);
      const outdoor = outdoorTemp(ctx.now) + noise(ctx.random, 0.2);
      const fan =
        mode === 4
          ? 0
          : occupied
            ? 60 + clamp((co2 - num(values, 'co2Setpoint', 900)) / 10, 0, 40)
            : mode === 3
              ? 30
              : 0;
      const damper =
        fan === 0
          ? 0
          : clamp(num(values, 'minDamper', 20) + (co2 - num(values, 'co2Setpoint', 900)) / 5, 0, 100);
      const ret = 21 + noise(ctx.random, 0.1);
      const mixed = outdoor * (damper / 100) + ret * (1 - damper / 100);
      const sp = num(values, 'supplySetpoint', 18);
      const heating = fan === 0 ? 0 : clamp((sp - mixed) * 8, 0, 100);
      const cooling = fan === 0 ? 0 : clamp((mixed - sp) * 8, 0, 100);
      const target = fan === 0 ? ret - 1 : mixed + (heating - cooling) / 8;
      supply += (target - supply) * clamp(dt / 60, 0, 1);
      // CO2: people add it while occupied, ventilation with outdoor air (≈420 ppm) removes it.
      const generation = occupied ? 1.5 : 0;
      co2 += (generation - ((fan / 100) * (damper / 100) * (co2 - 420)) / 200 - (co2 - 420) / 20_000) * dt;
      co2 = clamp(co2 + noise(ctx.random, 1), 400, 5000);
      if (filterDirtyLeft > 0) filterDirtyLeft -= dt;
      else if (chance(ctx.random, 0.01 * ctx.eventRate, dt)) filterDirtyLeft = 600 + ctx.random() * 1200;
      if (fan > 0) fanSec += dt;
      if (fanSec >= 3600) {
        fanSec -= 3600;
        values.fanHours = num(values, 'fanHours') + 1;
      }
      values.outdoorTemp = round(outdoor, 0.1);
      values.returnAirTemp = round(ret, 0.1);
      values.supplyAirTemp = round(supply, 0.1);
      values.fanSpeed = Math.round(fan);
      values.damper = Math.round(damper);
      values.heatingValve = Math.round(heating);
      values.coolingValve = Math.round(cooling);
      values.co2 = Math.round(co2);
      values.filter = filterDirtyLeft > 0 ? 1 : 0;
      values.occupied = occupied ? 1 : 0;
      frostFor = fan > 0 && supply < num(values, 'frostAlarm', 5) ? frostFor + dt : 0;
      values.activeAlarm =
        frostFor > 30 ? 1 : co2 > num(values, 'co2Alarm', 1500) ? 2 : filterDirtyLeft > 0 ? 4 : 0;
    },
    status() {
      return activeAlarmStatus(AHU_ALARMS, num(values, 'activeAlarm'));
    },
  };
}

export function zone(random: Random): DepartmentSim {
  const values: Values = {
    zoneTemp: 20 + noise(random, 0.5),
    humidity: 40,
    co2: 500,
    occupied: 0,
    valve: 0,
    activeSetpoint: 21,
    comfortSetpoint: 21,
    economySetpoint: 17,
    occupancyMode: 0,
    highTempAlarm: 28,
  };
  let temp = num(values, 'zoneTemp');
  let co2 = 500;
  let highFor = 0;
  let heatGainLeft = 0;
  return {
    values,
    step(dt, ctx) {
      const mode = num(values, 'occupancyMode');
      const occupied = occupiedNow(mode, ctx.now);
      const sp =
        mode === 4 ? 10 : occupied ? num(values, 'comfortSetpoint', 21) : num(values, 'economySetpoint', 17);
      const outdoor = outdoorTemp(ctx.now);
      // A heat gain now and then (sun, a crowd, a broken valve): the zone drifts up and may alarm.
      if (heatGainLeft > 0) heatGainLeft -= dt;
      else if (chance(ctx.random, 0.03 * ctx.eventRate, dt)) heatGainLeft = 600 + ctx.random() * 1200;
      const valve = clamp((sp - temp) * 40, -100, 100);
      const gain = heatGainLeft > 0 ? 0.004 : 0;
      temp += ((valve / 100) * 0.004 + (outdoor - temp) / 20_000 + (occupied ? 0.0003 : 0) + gain) * dt;
      temp += noise(ctx.random, 0.005) * Math.sqrt(dt);
      co2 += ((occupied ? 0.8 : 0) - (co2 - 420) / 900) * dt;
      co2 = clamp(co2 + noise(ctx.random, 1), 400, 5000);
      values.zoneTemp = round(temp, 0.1);
      values.activeSetpoint = sp;
      values.valve = Math.round(Math.abs(valve));
      values.occupied = occupied ? 1 : 0;
      values.co2 = Math.round(co2);
      values.humidity = Math.round(clamp(45 - (temp - 20) * 2 + noise(ctx.random, 0.5), 20, 80));
      highFor = temp > num(values, 'highTempAlarm', 28) ? highFor + dt : 0;
    },
    trigger(event, seconds) {
      if (event !== 'heatGain') return false;
      heatGainLeft = seconds;
      return true;
    },
    status() {
      const alarm = highFor > 120;
      return { alarm, alarms: alarm ? [...ZONE_ALARMS] : [] };
    },
  };
}
