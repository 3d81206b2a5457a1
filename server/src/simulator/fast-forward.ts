import type { CompiledAdf } from '../gateway/adf/loader';
import { rawToNumber } from '../gateway/adf/translate';
import { rawOf, simulatedDepartments } from './departments';
import type { FleetDevice } from './fleetDevice';
import type { SimEvent } from './physics/shared';
import { seedOf, seededRandom } from './random';

/** A line to sample, by its ADF address. */
export interface SampledLine {
  department: number;
  subDepartment: number;
  page: number;
  line: number;
}

/** Something made to happen during the run (a door left open, a compressor trip…), at `at` (ms). */
export interface StoryEvent {
  at: number;
  department: number;
  subDepartment: number;
  event: SimEvent;
  seconds: number;
}

/** A department's alarm raised or cleared during the run, as its controller would have reported it. */
export interface AlarmTransition {
  department: number;
  subDepartment: number;
  code: string;
  raised: boolean;
  at: number;
}

export interface FastForwardOptions {
  /** First sample time and the end (exclusive), ms since the epoch. */
  from: number;
  to: number;
  intervalSeconds: number;
  /** Physics step; 30 s is stable for the models' time constants (minutes) and 15× cheaper than live. */
  stepSeconds?: number;
  story?: readonly StoryEvent[];
  /** Times the device was off the network: no sample there. */
  offline?: readonly { from: number; to: number }[];
  /** Random events (doors, faults), 1 = as live. */
  eventRate?: number;
  /** Hears each alarm the physics raise or clear, checked at every sample time. */
  onAlarm?: (transition: AlarmTransition) => void;
  /** Gives the event loop a turn this often, so a server doing this in the background keeps answering. */
  yieldEveryMs?: number;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The history a simulated device would have recorded: its physics run from `from` to `to` (night and day, defrost
 * cycles, doors, the story's events) and each line sampled every interval as a controller reports it (through its
 * ADF's scaling). One array a line, index k for the sample at from + k × interval; NaN where there is no reading.
 */
export async function fastForward(
  spec: FleetDevice,
  adf: CompiledAdf,
  lines: readonly SampledLine[],
  options: FastForwardOptions,
): Promise<Float32Array[]> {
  const { from, to, intervalSeconds, stepSeconds = 30, story = [], offline = [] } = options;
  const random = seededRandom(seedOf(`${spec.tenant}/${spec.hexacode}/history`));
  const departments = simulatedDepartments(spec, adf, random);
  const probes = lines.map((address) => {
    const d = departments.find(
      (x) => x.department === address.department && x.subDepartment === address.subDepartment,
    );
    const line = d ? adf.kinds.get(d.kind)?.line(address.page, address.line) : undefined;
    return d && line ? { d, line } : undefined;
  });
  const count = Math.max(0, Math.ceil((to - from) / (intervalSeconds * 1000)));
  const series = lines.map(() => new Float32Array(count).fill(Number.NaN));
  const pending = [...story].sort((a, b) => a.at - b.at);
  const ctx = { random, now: new Date(from), eventRate: options.eventRate ?? 1 };
  let lastTurn = performance.now();
  const active = departments.map(() => new Set<string>());

  for (let k = 0, time = from; k < count; k++) {
    const sampleAt = from + k * intervalSeconds * 1000;
    for (; time < sampleAt; time += stepSeconds * 1000) {
      while (pending.length > 0 && pending[0]!.at <= time) {
        const e = pending.shift()!;
        departments
          .find((d) => d.department === e.department && d.subDepartment === e.subDepartment)
          ?.sim.trigger?.(e.event, e.seconds);
      }
      ctx.now = new Date(time);
      for (const d of departments) d.sim.step(stepSeconds, ctx);
    }
    if (!offline.some((o) => sampleAt >= o.from && sampleAt < o.to)) {
      probes.forEach((probe, i) => {
        const raw = probe ? rawOf(probe.line, probe.d.sim.values[probe.line.key]) : null;
        if (raw !== null) series[i]![k] = probe!.line.options ? raw : rawToNumber(probe!.line, raw);
      });
    }
    if (options.onAlarm) reportAlarms(departments, active, sampleAt, options.onAlarm);
    if (options.yieldEveryMs && performance.now() - lastTurn > options.yieldEveryMs) {
      await turn();
      lastTurn = performance.now();
    }
  }
  return series;
}

/** Compares each department's alarm codes with those it had at the last sample and reports the difference. */
function reportAlarms(
  departments: ReturnType<typeof simulatedDepartments>,
  active: Set<string>[],
  at: number,
  report: (transition: AlarmTransition) => void,
) {
  departments.forEach((d, i) => {
    const now = new Set(d.sim.status().alarms);
    const before = active[i]!;
    const place = { department: d.department, subDepartment: d.subDepartment, at };
    for (const code of now) if (!before.has(code)) report({ ...place, code, raised: true });
    for (const code of before) if (!now.has(code)) report({ ...place, code, raised: false });
    active[i] = now;
  });
}
