import { and, eq } from 'drizzle-orm';
import { DEVICE_LOST_CODE } from '#contracts';
import type { CompiledAdf } from '../gateway/adf/loader';
import { DEVICE_LOST_AFTER_MS } from '../gateway/protocol';
import type { AlarmTransition } from '../simulator/fast-forward';
import type { FleetDevice } from '../simulator/fleetDevice';
import type { Database } from '../db/client';
import { alarmOccurrences, users } from '../db/schema';
import { type DemoIncident, incidentWindow } from './incidents';

const MINUTE = 60_000;
/** Alarms that lasted this long were seen and acknowledged by the night operator, some minutes after raising. */
const ACKNOWLEDGED_AFTER = 20 * MINUTE;
const ACKNOWLEDGE_DELAY = 7 * MINUTE;

type Occurrence = typeof alarmOccurrences.$inferInsert;

/**
 * The alarms one demo device raised and cleared over its fast-forwarded weeks, as the alarm history keeps them:
 * each raise paired with its clear (one still open at the end is left to the live device), the device lost during
 * its offline incidents, and those that lasted acknowledged by `operator` (with the incident's story as comment).
 */
export function pastOccurrences(
  device: FleetDevice,
  adf: CompiledAdf,
  tenantId: string,
  transitions: readonly AlarmTransition[],
  incidents: readonly DemoIncident[],
  now: number,
): Omit<Occurrence, 'acknowledgedByUserId'>[] {
  const open = new Map<string, number>();
  const closed: { department: number; subDepartment: number; code: string; from: number; to: number }[] = [];
  for (const t of transitions) {
    const key = `${t.department}.${t.subDepartment}/${t.code}`;
    const raisedAt = open.get(key);
    if (t.raised) open.set(key, t.at);
    else if (raisedAt !== undefined) {
      open.delete(key);
      closed.push({ ...t, from: raisedAt, to: t.at });
    }
  }
  for (const incident of incidents.filter((i) => i.event === 'offline')) {
    const window = incidentWindow(incident, now);
    const from = window.from + DEVICE_LOST_AFTER_MS;
    if (from < window.to)
      closed.push({ department: 0, subDepartment: 0, code: DEVICE_LOST_CODE, ...window, from });
  }
  return closed.map((o) => {
    const story = incidents.find((i) => {
      const window = incidentWindow(i, now);
      return i.department === o.department && o.from >= window.from && o.from <= window.to + 30 * MINUTE;
    });
    const acknowledged = o.to - o.from >= ACKNOWLEDGED_AFTER;
    return {
      tenantId,
      hexacode: device.hexacode,
      deviceName: device.name,
      businessGroupName: device.businessGroup ?? null,
      department: o.department,
      subDepartment: o.subDepartment,
      departmentName: adf.department(o.department, o.subDepartment)?.name ?? null,
      code: o.code,
      adfName: adf.alarmName(o.code) ?? null,
      raisedAt: new Date(o.from),
      clearedAt: new Date(o.to),
      acknowledgedBy: acknowledged ? 'operator' : null,
      acknowledgedAt: acknowledged ? new Date(o.from + ACKNOWLEDGE_DELAY) : null,
      ackComment: acknowledged ? (story?.label ?? null) : null,
    };
  });
}

/** Stores past occurrences of one tenant, the acknowledgements linked to its `operator` when there is one. */
export async function insertPastOccurrences(
  db: Database,
  tenantId: string,
  rows: readonly Omit<Occurrence, 'acknowledgedByUserId'>[],
): Promise<void> {
  if (rows.length === 0) return;
  const [operator] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.username, 'operator')));
  await db.insert(alarmOccurrences).values(
    rows.map((row) => ({
      ...row,
      acknowledgedByUserId: row.acknowledgedBy ? (operator?.id ?? null) : null,
    })),
  );
}
