import { type Random, chance, clamp, noise } from '../random';
import { type DepartmentSim, type Values, activeAlarmStatus, isNight, num, round } from './shared';

/** What the CC-410's `activeAlarm` line reports, options 1 to 5 (its ADF names them). */
export const EVAPORATOR_ALARMS = [
  'HIGH_TEMPERATURE',
  'LOW_TEMPERATURE',
  'DOOR_OPEN',
  'SENSOR_FAULT',
  'LONG_DEFROST',
] as const;

/** CC-410 case and cold-room controller: thermostat, defrost cycle, door and sensor events, temperature alarms. */
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
  /** A heater that stays on past its termination (a stuck termination sensor): the defrost runs too long. */
  let stuckHeaterLeft = 0;
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
        if (stuckHeaterLeft > 0) stuckHeaterLeft -= dt;
        else if (
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
      // A door left open frosts the coil: it pulls less heat the longer the door stays open.
      const icing = 1 + doorOpenFor / 600;
      const kEvap = (values.fans === 1 ? 1 / 300 : 1 / 1500) / icing;
      // At night a case's blinds are down: much less heat gets in. A room has a door instead.
      const blinds = !room && isNight(ctx.now) ? 0.4 : 1;
      const kAmbient = (1 / 3000) * (values.door === 1 ? 8 : blinds);
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
      // A defrost still heating past its maximum duration (the termination failed) is an alarm of its own.
      const longDefrost =
        num(values, 'defrostState') === 1 && defrostElapsed > num(values, 'defrostDuration', 30) * 60;
      values.activeAlarm =
        sensorFaultLeft > 0
          ? 4
          : doorOpenFor > num(values, 'doorAlarmDelay', 5) * 60
            ? 3
            : highFor > delay
              ? 1
              : lowFor > delay
                ? 2
                : longDefrost
                  ? 5
                  : 0;
    },
    trigger(event, seconds) {
      if (event === 'doorLeftOpen') doorLeft = seconds;
      else if (event === 'sensorFault') sensorFaultLeft = seconds;
      else if (event === 'longDefrost') {
        startDefrost();
        stuckHeaterLeft = seconds;
      } else return false;
      return true;
    },
    status() {
      return activeAlarmStatus(EVAPORATOR_ALARMS, num(values, 'activeAlarm'));
    },
  };
}
