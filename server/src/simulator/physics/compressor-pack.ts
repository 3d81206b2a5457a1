import { type Random, chance, clamp, noise } from '../random';
import type { DepartmentSim, Values } from './shared';
import { activeAlarmStatus, hourOf, num, outdoorTemp, round } from './shared';

// PK-850 compressor pack: the suction group's staged compressors and the condenser.

/** Saturation pressure (bar abs) of an R404A/R448A-like refrigerant, fitted at -30 °C and -10 °C. */
const saturationPressure = (t: number) => Math.exp(10.765 - 2449 / (t + 273.15));

type SuctionProfile = 'mt' | 'lt';

/** What the PK-850 suction group's `activeAlarm` line reports, options 1 to 4 (its ADF names them). */
export const SUCTION_ALARMS = ['HIGH_SUCTION', 'LOW_SUCTION', 'COMPRESSOR_FAULT', 'HIGH_DISCHARGE'] as const;
export const CONDENSER_ALARMS = ['HIGH_DISCHARGE'] as const;

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
    trigger(event, seconds) {
      if (event !== 'compressorTrip') return false;
      faultLeft = seconds;
      faulty = 1;
      return true;
    },
    status() {
      return activeAlarmStatus(SUCTION_ALARMS, num(values, 'activeAlarm'));
    },
  };
}

/** The pack's condenser: fans hold the condensing temperature against the outdoor air. */
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
      return { alarm, alarms: alarm ? [...CONDENSER_ALARMS] : [] };
    },
  };
}
