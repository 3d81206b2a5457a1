import { and, eq, inArray } from 'drizzle-orm';
import type { AdfRegistry } from '../gateway/adf/loader';
import { type AlarmTransition, fastForward, type SampledLine } from '../simulator/fast-forward';
import { demoFleet } from '../simulator/fleet';
import type { FleetDevice } from '../simulator/fleetDevice';
import type { Database } from '../db/client';
import { buffers, tenants } from '../db/schema';
import { insertPastOccurrences, pastOccurrences } from './alarm-history';
import { DEMO_INCIDENTS, incidentWindow } from './incidents';

/** The demo's buffers: PC number 1, a sample every five minutes, from 40 days back (a month and its week before). */
export const DEMO_HISTORY = { pcNumber: 1, intervalSeconds: 300, days: 40 } as const;

const DAY = 24 * 60 * 60_000;

/** Lines the demo records, by department kind (ADF page and line): temperatures, setpoints, pressures, states. */
const RECORDED: Record<string, readonly (readonly [page: number, line: number])[]> = {
  // air, evaporator, defrost state, door, setpoint
  evaporator: [
    [1, 1],
    [1, 4],
    [1, 5],
    [1, 6],
    [2, 1],
  ],
  // suction pressure and temperature, capacity, compressors 1 and 2
  suction: [
    [1, 1],
    [1, 2],
    [1, 5],
    [3, 1],
    [3, 2],
  ],
  // discharge pressure, condensing and outdoor temperature
  condenser: [
    [1, 1],
    [1, 2],
    [1, 3],
  ],
  // supply and outdoor air
  ahu: [
    [1, 1],
    [1, 3],
  ],
  // zone temperature and its active setpoint
  zone: [
    [1, 1],
    [1, 6],
  ],
};

/** The recorded lines of one fleet device. */
function recordedLines(device: FleetDevice, adfs: AdfRegistry): SampledLine[] {
  const adf = adfs.get(device.model);
  if (!adf) return [];
  const present = device.departments ?? adf.doc.departments.map((d) => `${d.department}.${d.subDepartment}`);
  return adf.doc.departments
    .filter((d) => present.includes(`${d.department}.${d.subDepartment}`))
    .flatMap((d) =>
      (RECORDED[d.kind] ?? []).map(([page, line]) => ({
        department: d.department,
        subDepartment: d.subDepartment,
        page,
        line,
      })),
    );
}

/** The first sample of every demo buffer: DEMO_HISTORY.days back, on a five-minute boundary. */
export const demoHistoryStart = (now: number) => {
  const interval = DEMO_HISTORY.intervalSeconds * 1000;
  return new Date(Math.floor((now - DEMO_HISTORY.days * DAY) / interval) * interval);
};

/** Creates the buffers of the demo fleet's recorded lines in the demo tenants that exist. */
export async function seedDemoBuffers(db: Database, adfs: AdfRegistry, now: number): Promise<void> {
  const present = await db.select({ id: tenants.id, name: tenants.name }).from(tenants);
  const startAt = demoHistoryStart(now);
  const rows = demoFleet.devices.flatMap((device) => {
    const tenant = present.find((t) => t.name === device.tenant);
    if (!tenant) return [];
    return recordedLines(device, adfs).map((line) => ({
      tenantId: tenant.id,
      hexacode: device.hexacode,
      ...line,
      pcNumber: DEMO_HISTORY.pcNumber,
      intervalSeconds: DEMO_HISTORY.intervalSeconds,
      startAt,
    }));
  });
  if (rows.length > 0) await db.insert(buffers).values(rows).onConflictDoNothing();
}

/** One run of samples for one buffer, as the history module imports it. */
export interface SampleRun {
  bufferId: number;
  firstSampleAt: Date;
  intervalSeconds: number;
  values: ArrayLike<number>;
}

/**
 * Fills the demo buffers with what the fleet would have recorded from their start until `now`: each device's
 * physics fast-forwarded (night and day, defrosts, doors, the incidents above), and the alarms they raised. Runs in the background after the
 * first start, yielding often, so the server answers meanwhile; `write` stores one device's runs at a time.
 */
export async function backfillDemoHistory(
  db: Database,
  adfs: AdfRegistry,
  now: number,
  write: (runs: SampleRun[]) => Promise<unknown>,
): Promise<{ samples: number }> {
  let samples = 0;
  const present = await db.select({ id: tenants.id, name: tenants.name }).from(tenants);
  for (const device of demoFleet.devices) {
    const tenant = present.find((t) => t.name === device.tenant);
    const adf = adfs.get(device.model);
    if (!tenant || !adf) continue;
    const rows = await db
      .select()
      .from(buffers)
      .where(
        and(
          eq(buffers.tenantId, tenant.id),
          eq(buffers.hexacode, device.hexacode),
          inArray(buffers.pcNumber, [DEMO_HISTORY.pcNumber]),
        ),
      );
    if (rows.length === 0) continue;
    const incidents = DEMO_INCIDENTS.filter(
      (i) => i.tenant === device.tenant && i.hexacode === device.hexacode,
    );
    const from = Math.min(...rows.map((row) => row.startAt.getTime()));
    const alarms: AlarmTransition[] = [];
    const series = await fastForward(device, adf, rows, {
      from,
      to: now,
      intervalSeconds: DEMO_HISTORY.intervalSeconds,
      yieldEveryMs: 20,
      onAlarm: (transition) => alarms.push(transition),
      offline: incidents.filter((i) => i.event === 'offline').map((i) => incidentWindow(i, now)),
      story: incidents.flatMap((i) =>
        i.event === 'offline'
          ? []
          : [{ ...i, event: i.event, at: incidentWindow(i, now).from, seconds: i.minutes * 60 }],
      ),
    });
    const runs = rows.map((row, index) => ({
      bufferId: row.id,
      firstSampleAt: new Date(from),
      intervalSeconds: DEMO_HISTORY.intervalSeconds,
      values: series[index]!,
    }));
    await write(runs);
    // The alarm history tells the same weeks as the charts.
    await insertPastOccurrences(
      db,
      tenant.id,
      pastOccurrences(device, adf, tenant.id, alarms, incidents, now),
    );
    samples += series.reduce((total, s) => total + s.length, 0);
  }
  return { samples };
}
