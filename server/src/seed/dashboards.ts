import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { Widget } from '#contracts';
import type { AdfRegistry } from '../gateway/adf/loader';
import { checkLayout } from '../modules/dashboards/layout';
import { demoFleet } from '../simulator/fleet';
import type { Database } from '../db/client';
import { historyDashboard } from './history-dashboards';
import {
  CASE,
  CONDENSER,
  type DemoDashboard,
  SUCTION,
  ZONE,
  described,
  line,
  pageLines,
  widget,
} from './widget-builders';
import { dashboardGroups, dashboards, tenants, users } from '../db/schema';

/** Names the advisory lock shared with the rest of the demo seed. */
const SEED_LOCK_ID = 727_002;

/** Which demo devices of a tenant the seeded dashboards look at (server/src/simulator/fleet.ts). */
interface TenantDevices {
  store: string;
  /** Compressor pack (PK-850) and its suction groups shown side by side. */
  pack: string;
  suctionGroups: readonly (readonly [number, number, string])[];
  /** Display cases (CC-410 evaporators) with a short label. */
  cases: readonly (readonly [string, number, number, string])[];
  /** Cold and freezer rooms (CC-410, evaporator 1.0). */
  rooms: readonly (readonly [string, string])[];
  /** HVAC (BC-300) and its zones. */
  hvac: string;
  zones: readonly (readonly [number, number, string])[];
}

const DEMO_DASHBOARD_DEVICES: Record<string, TenantDevices> = {
  demo: {
    store: 'Store 101 overview',
    pack: '1A0101',
    suctionGroups: [
      [1, 0, 'MT'],
      [1, 1, 'LT'],
    ],
    cases: [
      ['1A0102', 1, 0, 'Dairy case 1'],
      ['1A0102', 1, 1, 'Dairy case 2'],
      ['1A0103', 1, 0, 'Meat and deli'],
      ['1A0104', 1, 0, 'Frozen island 1'],
      ['1A0104', 1, 1, 'Frozen island 2'],
    ],
    rooms: [
      ['1A0105', 'Cold room'],
      ['1A0106', 'Freezer room'],
    ],
    hvac: '1A0107',
    zones: [
      [2, 0, 'Zone 1'],
      [2, 1, 'Zone 2'],
      [2, 2, 'Zone 3'],
      [2, 3, 'Zone 4'],
    ],
  },
  acme: {
    store: 'Riverside overview',
    pack: '3E0001',
    suctionGroups: [[1, 0, 'MT']],
    cases: [
      ['3E0002', 1, 0, 'Produce wall 1'],
      ['3E0002', 1, 1, 'Produce wall 2'],
    ],
    rooms: [['3E0003', 'Walk-in cooler']],
    hvac: '3E0004',
    zones: [[2, 0, 'Office']],
  },
};

/** The two or three dashboards each demo user of `tenant` starts with; together they show every real-time type. */
function demoDashboards(tenant: string, adfs: AdfRegistry, now = Date.now()): DemoDashboard[] {
  const d = DEMO_DASHBOARD_DEVICES[tenant];
  if (!d) return [];
  const [firstRoom] = d.rooms;
  const lastRoom = d.rooms.at(-1)!;
  const storeOverview: DemoDashboard = {
    name: d.store,
    group: 'Stores',
    favorite: true,
    widgets: [
      widget(
        'CARD_CHART',
        `${d.cases[0]![3]} air`,
        [0, 0, 3, 4],
        [line(d.cases[0]![0], d.cases[0]![1], d.cases[0]![2], CASE.airTemp)],
      ),
      widget('CARD_CHART', `${firstRoom![1]} air`, [3, 0, 3, 4], [line(firstRoom![0], 1, 0, CASE.airTemp)]),
      widget(
        'BAR_CHART',
        'Case air temperatures',
        [6, 0, 6, 4],
        d.cases.map(
          ([hex, dep, sub, label]) => [line(hex, dep, sub, CASE.airTemp), { name: label }] as const,
        ),
        { mode: 'HORIZONTAL', sorting: 'DESCENDING' },
      ),
      widget(
        'TABLE',
        'Cases at a glance',
        [0, 4, 8, 5],
        d.cases.flatMap(([hex, dep, sub, label]) => [
          [line(hex, dep, sub, CASE.airTemp), { label }] as const,
          [line(hex, dep, sub, CASE.setpoint), { label }] as const,
        ]),
        { presentation: 'VALUES_AND_UNITS' },
      ),
      widget(
        'LINE',
        'Store climate',
        [8, 4, 4, 5],
        d.zones.map(
          ([dep, sub, label]) =>
            [line(d.hvac, dep, sub, ZONE.temperature), { name: `${label} temperature` }] as const,
        ),
      ),
    ],
  };
  const coldRooms: DemoDashboard = {
    name: 'Cold rooms',
    group: 'Stores',
    favorite: false,
    widgets: [
      widget(
        'PICTOGRAPH',
        `${firstRoom![1]} equipment`,
        [0, 0, 4, 4],
        [
          [line(firstRoom![0], 1, 0, CASE.airTemp), { icon: 'thermometer', name: 'Air', min: -5, max: 15 }],
          [line(firstRoom![0], 1, 0, CASE.fans), { icon: 'fan', name: 'Fans' }],
          [line(firstRoom![0], 1, 0, CASE.cooling), { icon: 'valve', name: 'Cooling' }],
        ],
      ),
      widget(
        'LINE',
        'Room temperatures',
        [4, 0, 4, 4],
        d.rooms.flatMap(([hex, label]) => [
          [line(hex, 1, 0, CASE.airTemp), { name: `${label} air` }] as const,
          [line(hex, 1, 0, CASE.setpoint), { name: `${label} setpoint` }] as const,
          [line(hex, 1, 0, CASE.evapTemp), { name: `${label} evaporator` }] as const,
        ]),
      ),
      widget(
        'PAGE',
        `${lastRoom[1]} status`,
        [8, 0, 4, 6],
        pageLines(adfs, 'CC-410', [lastRoom[0], 1, 0], 1),
      ),
    ],
  };
  const [mt] = d.suctionGroups;
  const packs: DemoDashboard = {
    name: 'Compressor packs',
    group: null,
    favorite: false,
    widgets: [
      ...d.suctionGroups.map(([dep, sub, label], index) =>
        widget(
          'CARD_CHART',
          `${label} suction pressure`,
          [index * 3, 0, 3, 4],
          [line(d.pack, dep, sub, SUCTION.pressure)],
        ),
      ),
      widget(
        'CARD_CHART',
        'Discharge pressure',
        [d.suctionGroups.length * 3, 0, 3, 4],
        [line(d.pack, 2, 0, CONDENSER.discharge)],
      ),
      widget(
        'BAR_CHART',
        'Running capacity',
        [9, 0, 3, 4],
        d.suctionGroups.map(
          ([dep, sub, label]) =>
            [line(d.pack, dep, sub, SUCTION.capacity), { name: `${label} capacity` }] as const,
        ),
        { mode: 'VERTICAL', sorting: 'NONE' },
      ),
      widget(
        'PAGE',
        `${mt![2]} suction group`,
        [0, 4, 6, 6],
        pageLines(adfs, 'PK-850', [d.pack, mt![0], mt![1]], 1),
      ),
      widget(
        'LINE',
        'Condenser',
        [6, 4, 6, 6],
        [
          line(d.pack, 2, 0, CONDENSER.discharge),
          line(d.pack, 2, 0, CONDENSER.condensing),
          line(d.pack, 2, 0, CONDENSER.ambient),
          line(d.pack, 2, 0, CONDENSER.fanSpeed),
        ],
      ),
      widget(
        'TABLE',
        'Suction groups',
        [0, 10, 12, 4],
        d.suctionGroups.flatMap(([dep, sub, label]) => [
          [line(d.pack, dep, sub, SUCTION.suctionTemp), { label }] as const,
          [line(d.pack, dep, sub, SUCTION.superheat), { label }] as const,
        ]),
        { presentation: 'VALUES_AND_UNITS' },
      ),
    ],
  };
  const history = historyDashboard(tenant, now);
  return [storeOverview, coldRooms, packs, ...(history ? [history] : [])].map((dashboard) => ({
    ...dashboard,
    widgets: dashboard.widgets.map((w) => ({ ...w, elements: w.elements?.map((e) => described(e, adfs)) })),
  }));
}

/**
 * Gives every demo user of the demo tenants their starting dashboards, when no dashboard or group exists at all
 * (a fresh demo database). Each dashboard is parsed with the contracts' widget registry and checked for overlaps
 * like a PUT, so the seed stores exactly what a save would.
 */
export async function seedDemoDashboards(
  db: Database,
  adfs: AdfRegistry,
  now = Date.now(),
): Promise<boolean> {
  const empty = async (q: Pick<Database, 'select'>) =>
    (await q.select({ id: dashboards.id }).from(dashboards).limit(1)).length === 0 &&
    (await q.select({ id: dashboardGroups.id }).from(dashboardGroups).limit(1)).length === 0;
  if (!(await empty(db))) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (!(await empty(tx))) return false;
    const rows = await tx
      .select({ tenantId: tenants.id, tenant: tenants.name, userId: users.id })
      .from(users)
      .innerJoin(tenants, sql`${tenants.id} = ${users.tenantId}`);
    for (const { tenantId, tenant, userId } of rows) {
      if (!demoFleet.devices.some((device) => device.tenant === tenant)) continue;
      const groupIds = new Map<string, string>();
      let order = 0;
      for (const dashboard of demoDashboards(tenant, adfs, now)) {
        const widgets = dashboard.widgets.map((w) => v.parse(Widget, w));
        checkLayout(widgets);
        let groupId: string | null = null;
        if (dashboard.group) {
          groupId = groupIds.get(dashboard.group) ?? null;
          if (!groupId) {
            const [group] = await tx
              .insert(dashboardGroups)
              .values({ tenantId, userId, name: dashboard.group, order: order++, expanded: true })
              .returning({ id: dashboardGroups.id });
            groupId = group!.id;
            groupIds.set(dashboard.group, groupId);
          }
        }
        await tx.insert(dashboards).values({
          tenantId,
          userId,
          name: dashboard.name,
          favorite: dashboard.favorite,
          order: order++,
          groupId,
          widgets,
          breakpoint: 'lg',
        });
      }
    }
    return true;
  });
}
