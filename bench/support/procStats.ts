import { readdir, readFile } from 'node:fs/promises';

/** What the benches read of processes from /proc (Linux; clock ticks are 1/100 s there). */

const TICKS_PER_SECOND = 100;

/**
 * A process's name, its CPU seconds (user + system) so far and those of its children that ended (which it
 * waited for); undefined once it has ended itself.
 */
async function processStat(
  pid: number | string,
): Promise<{ name: string; cpuSeconds: number; endedChildrenSeconds: number } | undefined> {
  const stat = (await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')).trim();
  const match = /^\d+ \((.*)\) (.*)$/.exec(stat);
  if (!match) return undefined;
  const ticks = match[2]!.split(' ').slice(11, 15).map(Number);
  return {
    name: match[1]!,
    cpuSeconds: (ticks[0]! + ticks[1]!) / TICKS_PER_SECOND,
    endedChildrenSeconds: (ticks[2]! + ticks[3]!) / TICKS_PER_SECOND,
  };
}

/** CPU seconds (user + system) one process has used so far. */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await processStat(pid);
  if (!stat) throw new Error(`process ${pid} is gone`);
  return stat.cpuSeconds;
}

/**
 * CPU seconds of every process whose name starts with `prefix` (PostgreSQL's backends, Mosquitto); 0 if none.
 * With those of their ended children: a PostgreSQL connection closed between two readings still counts, in its
 * postmaster, instead of making the difference negative.
 */
export async function cpuSecondsOfProcessesNamed(prefix: string): Promise<number> {
  let total = 0;
  const entries = await readdir('/proc').catch(() => [] as string[]);
  for (const pid of entries.filter((e) => /^\d+$/.test(e))) {
    const stat = await processStat(pid);
    if (stat?.name.startsWith(prefix)) total += stat.cpuSeconds + stat.endedChildrenSeconds;
  }
  return total;
}

/** Busy and total CPU seconds of the whole machine so far (all cores), to show what else ran meanwhile. */
export async function machineCpuSeconds(): Promise<{ busy: number; total: number }> {
  const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!;
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  // idle and iowait are the 4th and 5th figures.
  const busy = total - ticks[3]! - (ticks[4] ?? 0);
  return { busy: busy / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
}

/** Resident memory of a process in MiB (VmRSS, what the kernel holds for it now). */
export async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)![1]) / 1024;
}

/** The soft limit of open files of this process: each MQTT device and socket holds one. */
export async function openFilesLimit(): Promise<number> {
  const limits = await readFile('/proc/self/limits', 'utf8');
  const soft = /^Max open files\s+(\S+)/m.exec(limits)?.[1];
  return soft === 'unlimited' || soft === undefined ? Infinity : Number(soft);
}
