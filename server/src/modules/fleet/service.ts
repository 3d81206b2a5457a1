import { caseKey, type FleetCase, type FleetRow } from '#contracts';
import { notFound } from '../../errors';
import type { AuthSession } from '../auth/service';
import type { GatewayAccess } from '../devices/gateway-access';
import { caseReadingOf, type CaseLimits } from './case-limits';
import type { FleetRepository } from './repository';
import { worstFirst } from './worst-first';

const DAY_MS = 24 * 60 * 60_000;

interface Interval {
  from: number;
  to: number;
}

/** Milliseconds of [from, to) covered by any of the intervals (overlapping alarms are counted once). */
function coveredMs(intervals: Interval[], from: number, to: number): number {
  let covered = 0;
  let reached = from;
  for (const interval of [...intervals].sort((a, b) => a.from - b.from)) {
    const start = Math.max(interval.from, reached);
    const end = Math.min(interval.to, to);
    if (end > start) covered += end - start;
    reached = Math.max(reached, end);
  }
  return covered;
}

/** The chain at a glance: a row per store of the tenant, worst first (issue 30). */
export function createFleetService(deps: {
  repository: FleetRepository;
  access: GatewayAccess;
  caseLimits: CaseLimits;
}) {
  const { repository, access, caseLimits } = deps;

  return {
    async rows(session: AuthSession, businessGroup?: string): Promise<FleetRow[]> {
      // Read per call: the gateway starts after the app is built.
      const { gateway } = access;
      const tenant = session.tenant;
      const stores = await repository.stores(tenant.id, businessGroup);
      if (businessGroup && stores.length === 0)
        throw notFound('STORE_NOT_FOUND', 'This store does not exist');
      const now = gateway.now();
      const since = now - DAY_MS;
      const [members, alarms, outOfLimits] = await Promise.all([
        repository.devicesInStores(tenant.id),
        repository.activeAlarms(tenant.id),
        repository.outOfLimitsSince(tenant.id, new Date(since), new Date(now)),
      ]);
      const alarmsOf = new Map(alarms.map((a) => [a.hexacode, a]));
      const outOf = new Map<string, Interval[]>();
      for (const a of outOfLimits) {
        const key = `${a.hexacode}/${a.department}.${a.subDepartment}`;
        const interval = { from: a.raisedAt.getTime(), to: a.clearedAt?.getTime() ?? now };
        outOf.set(key, [...(outOf.get(key) ?? []), interval]);
      }

      const rows: FleetRow[] = [];
      for (const store of stores) {
        const row: FleetRow = {
          hexacode: store.hexacode,
          name: store.name,
          devicesOnline: 0,
          devicesTotal: 0,
          activeAlarms: 0,
          unacknowledgedAlarms: 0,
          furthestAboveLimit: null,
          timeInLimitsPct: null,
          oldestValueAgeSeconds: null,
        };
        let caseMs = 0;
        let outMs = 0;
        let oldest: number | null = null;
        const inStore = members.filter((m) => m.storeId === store.id);
        const scope = { kind: 'businessGroup' as const, ...store, devices: inStore };
        const request = {
          tenantId: tenant.id,
          tenant: tenant.name,
          language: session.user.languageCode,
          now,
        };
        const judged = await caseLimits(request, scope);
        for (const device of inStore) {
          const online = gateway.isOnline(tenant.name, device.hexacode);
          row.devicesTotal += 1;
          if (online) row.devicesOnline += 1;
          row.activeAlarms += alarmsOf.get(device.hexacode)?.active ?? 0;
          row.unacknowledgedAlarms += alarmsOf.get(device.hexacode)?.unacknowledged ?? 0;
          const adf = access.adfs.get(device.model);
          if (!adf) continue;
          for (const { department, subDepartment } of adf.doc.departments) {
            const place = { tenant: tenant.name, hexacode: device.hexacode, department, subDepartment };
            const reportedAt = online
              ? gateway.freshness({
                  tenant: tenant.name,
                  hexacode: device.hexacode,
                  department,
                  subDepartment,
                }).reportedAt
              : null;
            if (reportedAt !== null) oldest = Math.min(oldest ?? reportedAt, reportedAt);
            const limit = judged.get(caseKey(place));
            if (!limit) continue;
            const reading = await caseReadingOf(gateway, limit, place);
            const intervals = outOf.get(`${device.hexacode}/${department}.${subDepartment}`) ?? [];
            // A case counts when it reports now or was out of limits within the day (an offline case is not
            // assumed in limits, nor out of them, for the hours it said nothing).
            if (!reading && intervals.length === 0) continue;
            caseMs += DAY_MS;
            outMs += coveredMs(intervals, since, now);
            if (!reading) continue;
            const excess = Math.round((reading.temperature - reading.limit) * 10) / 10;
            const candidate: FleetCase = {
              hexacode: device.hexacode,
              deviceName: device.name,
              department,
              subDepartment,
              ...reading,
              excess,
            };
            if (!row.furthestAboveLimit || excess > row.furthestAboveLimit.excess)
              row.furthestAboveLimit = candidate;
          }
        }
        if (caseMs > 0) row.timeInLimitsPct = Math.round(((caseMs - outMs) / caseMs) * 1000) / 10;
        if (oldest !== null) row.oldestValueAgeSeconds = Math.max(0, Math.round((now - oldest) / 1000));
        rows.push(row);
      }
      return worstFirst(rows);
    },
  };
}

export type FleetService = ReturnType<typeof createFleetService>;
