import { type Random, chance, clamp, noise } from './random';

/**
 * Department physics. Values are engineering values keyed by the ADF line key (option lines hold the option
 * index; null means no reading, e.g. a failed sensor). Each model step is explicit Euler over dt seconds; dt up to
 * a few seconds is stable for the time constants used here (minutes).
 */
export type Values = Record<string, number | null>;

export interface StepContext {
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
}

const num = (v: Values, k: string, fallback = 0): number => {
  const x = v[k];
  return typeof x === 'number' ? x : fallback;
};
const round = (x: number, step: number) => Math.round(x / step) * step;
const hourOf = (d: Date) => d.getHours() + d.getMinutes() / 60;
/** Outdoor temperature with a daily swing, °C. */
export const outdoorTemp = (now: Date) => 9 + 6 * Math.sin(((hourOf(now) - 9) / 24) * 2 * Math.PI);

// ------------------------------------------------------------------------------------------ evaporator (CC-410)

export type EvaporatorProfile = 'mt-case' | 'lt-case' | 'cold-room' | 'freezer-room';

const EVAPORATOR_DEFAULTS: Record<
  EvaporatorProfile,
  { sp: number; diff: number; high: number; low: number; term: number }
> = {
  'mt-case': { sp: 2, diff: 2, high: 8, low: -3, term: 8 },
  'lt-case': { sp: -22, diff: 2, high: -15, low: -30, term: 10 },
  'cold-room': { sp: 2, diff: 1.5, high: 7, low: -2, term: 8 },
  'freezer-room': { sp: -21, diff: 2, high: -14, low: -30, term: 12 },
};

export function evaporator(profile: EvaporatorProfile, random: Random): DepartmentSim {
  const d = EVAPORATOR_DEFAULTS[profile];
  const room = profile === 'cold-room' || profile === 'freezer-room';
  const values: Values = {
    airTemp: d.sp + 1 + noise(random, 0.3),
    supplyAirTemp: d.sp - 2,
    returnAirTemp: d.sp + 1.5,
    evapTemp: d.sp - 6,
    defrostState: 0,
    door: 0,
    fans: 1,
    cooling: 0,
    mode: 0,
    setpoint: d.sp,
    differential: d.diff,
    nightOffset: 2,
    defrostInterval: room ? 8 : 6,
    defrostDuration: 30,
    defrostTermTemp: d.term,
    dripTime: 3,
    sinceDefrost: Math.floor(random() * 360),
    manualDefrost: 0,
    highAlarm: d.high,
    lowAlarm: d.low,
    alarmDelay: 15,
    doorAlarmDelay: 5,
    activeAlarm: 0,
    sensorOffset: 0,
    probeType: 0,
    minOffTime: 120,
    runHours: 10_000 + Math.floor(random() * 30_000),
  };
  let air = num(values, 'airTemp');
  let evap = num(values, 'evapTemp');
  let defrostPhaseLeft = 0; // seconds left in the current non-off defrost phase
  let defrostElapsed = 0;
  let doorLeft = 0;
  let doorOpenFor = 0;
  let sensorFaultLeft = 0;
  let highFor = 0;
  let lowFor = 0;
  let sinceDefrostSec = num(values, 'sinceDefrost') * 60;
  let runSec = 0;
  const ambient = room ? 12 : 20;

  const startDefrost = () => {
    values.defrostState = 1;
    defrostElapsed = 0;
    sinceDefrostSec = 0;
  };

  return {
    values,
    onWrite(key) {
      if (key === 'manualDefrost' && values.manualDefrost === 1) {
        startDefrost();
        values.manualDefrost = 0;
      }
    },
    step(dt, ctx) {
      const { random } = ctx;
      const mode = num(values, 'mode');
      const sp = num(values, 'setpoint') + (mode === 1 ? num(values, 'nightOffset') : 0);
      const diff = num(values, 'differential', 2);

      // Defrost cycle: heating until termination temperature or max duration, then drip, then fan delay.
      sinceDefrostSec += dt;
      const state = num(values, 'defrostState');
      if (state === 0 && mode !== 3 && sinceDefrostSec >= num(values, 'defrostInterval', 6) * 3600)
        startDefrost();
      if (state === 1) {
        defrostElapsed += dt;
        if (
          evap >= num(values, 'defrostTermTemp', 8) ||
          defrostElapsed >= num(values, 'defrostDuration', 30) * 60
        ) {
          values.defrostState = 2;
          defrostPhaseLeft = num(values, 'dripTime', 3) * 60;
        }
      } else if (state === 2 || state === 3) {
        defrostPhaseLeft -= dt;
        if (defrostPhaseLeft <= 0) {
          values.defrostState = state === 2 ? 3 : 0;
          defrostPhaseLeft = state === 2 ? 60 : 0;
        }
      }
      const defrosting = num(values, 'defrostState') !== 0;

      // Door: short openings now and then; rarely left open for minutes (alarms follow).
      if (doorLeft > 0) doorLeft -= dt;
      else if (chance(random, (room ? 6 : 0) * ctx.eventRate, dt)) doorLeft = 10 + random() * 50;
      else if (chance(random, 0.05 * ctx.eventRate, dt)) doorLeft = 300 + random() * 900;
      values.door = doorLeft > 0 ? 1 : 0;

      // Thermostat with hysteresis: cut in at sp + differential, cut out at sp.
      let cooling = num(values, 'cooling') === 1;
      if (mode === 3 || mode === 2 || defrosting) cooling = false;
      else if (air >= sp + diff) cooling = true;
      else if (air <= sp) cooling = false;
      values.cooling = cooling ? 1 : 0;
      values.fans =
        mode === 3 || num(values, 'defrostState') === 1 || num(values, 'defrostState') === 3 ? 0 : 1;

      // Evaporator follows the refrigerant (cooling), the heater (defrost) or the air (idle).
      const evapTarget = cooling
        ? sp - 8
        : num(values, 'defrostState') === 1
          ? num(values, 'defrostTermTemp', 8) + 4
          : air;
      // The heater needs 10–20 minutes to clear the coil, as on a real case.
      evap +=
        (evapTarget - evap) *
        clamp(dt / (cooling ? 60 : num(values, 'defrostState') === 1 ? 600 : 120), 0, 1);

      // Air: pulled towards the evaporator when the fans run, pushed by the ambient load, more with the door open.
      const kEvap = values.fans === 1 ? 1 / 300 : 1 / 1500;
      const kAmbient = (1 / 3000) * (values.door === 1 ? 8 : 1);
      air += ((evap - air) * kEvap + (ambient - air) * kAmbient) * dt + noise(random, 0.02) * Math.sqrt(dt);

      // Rare sensor fault: the air reading disappears for a few minutes.
      if (sensorFaultLeft > 0) sensorFaultLeft -= dt;
      else if (chance(random, 0.01 * ctx.eventRate, dt)) sensorFaultLeft = 60 + random() * 180;

      const shown = air + num(values, 'sensorOffset');
      values.airTemp = sensorFaultLeft > 0 ? null : round(shown + noise(random, 0.05), 0.1);
      values.evapTemp = round(evap, 0.1);
      values.supplyAirTemp = round(evap + (values.fans === 1 ? 3 : 0) + noise(random, 0.1), 0.1);
      values.returnAirTemp = round(air + 1.2 + noise(random, 0.1), 0.1);
      values.sinceDefrost = Math.floor(sinceDefrostSec / 60);
      runSec += dt;
      if (runSec >= 3600) {
        runSec -= 3600;
        values.runHours = num(values, 'runHours') + 1;
      }

      // Alarms (after their delays; temperature alarms are suppressed during defrost).
      highFor = !defrosting && air > num(values, 'highAlarm') ? highFor + dt : 0;
      lowFor = air < num(values, 'lowAlarm') ? lowFor + dt : 0;
      const delay = num(values, 'alarmDelay') * 60;
      doorOpenFor = values.door === 1 ? doorOpenFor + dt : 0;
      values.activeAlarm =
        sensorFaultLeft > 0
          ? 4
          : doorOpenFor > num(values, 'doorAlarmDelay', 5) * 60
            ? 3
            : highFor > delay
              ? 1
              : lowFor > delay
                ? 2
                : 0;
    },
    status() {
      const a = num(values, 'activeAlarm');
      const codes = ['', 'HIGH_TEMPERATURE', 'LOW_TEMPERATURE', 'DOOR_OPEN', 'SENSOR_FAULT'];
      return { alarm: a !== 0, alarms: a !== 0 ? [codes[a] ?? 'ALARM'] : [] };
    },
  };
}

// ------------------------------------------------------------------------------------------ suction group (PK-850)

/** Saturation pressure (bar abs) of an R404A/R448A-like refrigerant, fitted at -30 °C and -10 °C. */
export const saturationPressure = (t: number) => Math.exp(10.765 - 2449 / (t + 273.15));

export type SuctionProfile = 'mt' | 'lt';

export function suctionGroup(profile: SuctionProfile, random: Random): DepartmentSim {
  const sp = profile === 'mt' ? -8 : -30;
  const stages = profile === 'mt' ? 4 : 3;
  const values: Values = {
    suctionPressure: 0,
    suctionTemp: sp,
    suctionGasTemp: sp + 8,
    superheat: 8,
    capacity: 0,
    stagesRunning: 0,
    runMode: 0,
    suctionSetpoint: sp,
    neutralZone: 2,
    stageDelay: 30,
    manualCapacity: 50,
    installedStages: stages,
    comp1: 0,
    comp2: 0,
    comp3: 0,
    comp4: 0,
    comp5: 0,
    comp6: 0,
    starts: 0,
    highSuctionAlarm: sp + 10,
    lowSuctionAlarm: sp - 10,
    activeAlarm: 0,
  };
  let t = sp + 1 + noise(random, 0.5);
  let running = Math.round(stages / 2);
  let sinceStage = 0;
  let faultLeft = 0;
  let faulty = 0;
  let highFor = 0;
  let lowFor = 0;
  return {
    values,
    step(dt, ctx) {
      const { random } = ctx;
      const n = clamp(Math.round(num(values, 'installedStages', stages)), 1, 6);
      const target = num(values, 'suctionSetpoint', sp);
      const nz = num(values, 'neutralZone', 2);
      // Refrigeration load: higher by day (store open), with noise; fraction of the pack's capacity.
      const h = hourOf(ctx.now);
      const load = clamp((h >= 7 && h < 22 ? 0.55 : 0.35) + noise(random, 0.03), 0.1, 0.95);

      if (faultLeft > 0) faultLeft -= dt;
      else if (chance(random, 0.02 * ctx.eventRate, dt)) {
        faultLeft = 120 + random() * 300;
        faulty = 1 + Math.floor(random() * n);
      }
      const available = n - (faultLeft > 0 ? 1 : 0);

      // Step controller: one stage at a time, no faster than the stage delay.
      sinceStage += dt;
      const mode = num(values, 'runMode');
      if (mode === 2) running = 0;
      else if (mode === 1) running = Math.round((num(values, 'manualCapacity') / 100) * available);
      else if (sinceStage >= num(values, 'stageDelay', 30)) {
        if (t > target + nz / 2 && running < available) {
          running++;
          values.starts = num(values, 'starts') + 1;
          sinceStage = 0;
        } else if (t < target - nz / 2 && running > 0) {
          running--;
          sinceStage = 0;
        }
      }
      running = clamp(running, 0, available);
      const capacity = running / n;
      // Saturated suction temperature rises when the load exceeds the running capacity.
      t += (load - capacity) * 0.08 * dt + noise(random, 0.02) * Math.sqrt(dt);
      t = clamp(t, -50, 15);

      let k = 0;
      for (let i = 1; i <= 6; i++) {
        const isFaulty = faultLeft > 0 && i === faulty;
        const on = !isFaulty && i <= n && k < running;
        if (on) k++;
        values[`comp${i}`] = isFaulty ? 2 : on ? 1 : 0;
      }
      const superheat = clamp(8 + noise(random, 0.5), 4, 14);
      values.suctionTemp = round(t, 0.1);
      values.suctionPressure = round(saturationPressure(t), 0.01);
      values.superheat = round(superheat, 0.1);
      values.suctionGasTemp = round(t + superheat, 0.1);
      values.stagesRunning = running;
      values.capacity = round(capacity * 100, 0.1);

      highFor = t > num(values, 'highSuctionAlarm') ? highFor + dt : 0;
      lowFor = t < num(values, 'lowSuctionAlarm') ? lowFor + dt : 0;
      values.activeAlarm = faultLeft > 0 ? 3 : highFor > 300 ? 1 : lowFor > 300 ? 2 : 0;
    },
    status() {
      const a = num(values, 'activeAlarm');
      const codes = ['', 'HIGH_SUCTION', 'LOW_SUCTION', 'COMPRESSOR_FAULT', 'HIGH_DISCHARGE'];
      return { alarm: a !== 0, alarms: a !== 0 ? [codes[a] ?? 'ALARM'] : [] };
    },
  };
}

// ------------------------------------------------------------------------------------------ condenser (PK-850)

export function condenser(random: Random): DepartmentSim {
  const values: Values = {
    dischargePressure: 0,
    condensingTemp: 25,
    ambientTemp: 10,
    fansRunning: 2,
    fanSpeed: 50,
    condensingSetpoint: 25,
    highDischargeAlarm: 24,
    fanStages: 4,
  };
  let tc = 25;
  let speed = 50;
  let highFor = 0;
  return {
    values,
    step(dt, ctx) {
      const ambient = outdoorTemp(ctx.now) + noise(ctx.random, 0.2);
      const sp = num(values, 'condensingSetpoint', 25);
      // Fan speed: proportional control on the condensing temperature.
      speed = clamp(speed + (tc - sp) * 2 * dt * 0.1, 0, 100);
      const fans = clamp(Math.ceil((speed / 100) * num(values, 'fanStages', 4)), 0, 8);
      // With fans at full speed the condenser settles about 8 K above ambient, with none about 25 K above.
      const equilibrium = ambient + 25 - 17 * (speed / 100);
      tc += (equilibrium - tc) * clamp(dt / 90, 0, 1) + noise(random, 0.05) * Math.sqrt(dt);
      values.ambientTemp = round(ambient, 0.1);
      values.condensingTemp = round(tc, 0.1);
      values.dischargePressure = round(saturationPressure(tc), 0.01);
      values.fanSpeed = Math.round(speed);
      values.fansRunning = fans;
      highFor = saturationPressure(tc) > num(values, 'highDischargeAlarm', 24) ? highFor + dt : 0;
    },
    status() {
      const alarm = highFor > 60;
      return { alarm, alarms: alarm ? ['HIGH_DISCHARGE'] : [] };
    },
  };
}

// ------------------------------------------------------------------------------------------ HVAC (BC-300)

/** Occupancy from a mode (0 schedule, 1 occupied, 2 unoccupied, 3 standby, 4 off) and the opening hours. */
export function occupiedNow(mode: number, now: Date): boolean {
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
      const a = num(values, 'activeAlarm');
      const codes = ['', 'FROST', 'HIGH_CO2', 'FAN_FAULT', 'FILTER_DIRTY'];
      return { alarm: a !== 0, alarms: a !== 0 ? [codes[a] ?? 'ALARM'] : [] };
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
    status() {
      const alarm = highFor > 120;
      return { alarm, alarms: alarm ? ['HIGH_ZONE_TEMPERATURE'] : [] };
    },
  };
}

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
