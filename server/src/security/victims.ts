/**
 * The data whose isolation the cross-user sweep checks: planted through the API with a unique marker in every name
 * and label (so any leak of it is visible in an answer), read back from the database as a snapshot, and read
 * through the API as its owner sees it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  type AccountSettings,
  type Dashboard,
  type DashboardGroup,
  type DashboardsList,
  type DeviceTreeItem,
  WIDGET_TYPES,
} from '#contracts';
import type { Database } from '../db/client';
import {
  buffers,
  businessGroups,
  dashboardGroups,
  dashboards,
  deviceConfigurations,
  devices,
  pushSubscriptions,
  sessions,
  tenants,
  users,
} from '../db/schema';
import { browserKeys } from '../modules/push/testing';
import type { Caller } from './callers';

/** Unique texts, remembered so the sweep can look for them in every answer. */
export class Markers {
  readonly all: string[] = [];
  next(): string {
    const marker = `mark${randomBytes(6).toString('hex')}`;
    this.all.push(marker);
    return marker;
  }
}

/** One widget of each registered type, each with a marked element and a marked annotation, side by side. */
function markedWidgets(markers: Markers, hexacode: string | null) {
  return WIDGET_TYPES.map((type, i) => {
    const id = randomUUID();
    return {
      id,
      type,
      name: markers.next(),
      position: { i: id, x: (i % 4) * 3, y: Math.floor(i / 4) * 4, w: 3, h: 4 },
      elements: [
        { id: randomUUID(), name: markers.next(), label: markers.next(), hexacode, rawHexacode: hexacode },
      ],
      markAreaElements: [
        { name: markers.next(), startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-01-02T00:00:00.000Z' },
      ],
    };
  });
}

/** Dashboards, a group, widgets, annotations, device labels, settings and a push subscription of `owner`, all marked. */
export async function plantMarkedData(owner: Caller, markers: Markers): Promise<void> {
  const tree = await owner.call<DeviceTreeItem[]>('GET', '/api/v2/devices/');
  const first = await owner.call<Dashboard>('POST', '/api/v2/dashboards/', { name: markers.next() });
  const second = await owner.call<Dashboard>('POST', '/api/v2/dashboards/', { name: markers.next() });
  await owner.call<DashboardGroup>('POST', '/api/v2/dashboards/groups', {
    name: markers.next(),
    dashboardsData: [second.id],
  });
  const saved = await owner.call<Dashboard>('PUT', '/api/v2/dashboards/', {
    id: first.id,
    name: markers.next(),
    version: first.version,
    widgets: markedWidgets(markers, tree[0]?.hexacode ?? null),
  });
  await owner.call(
    'POST',
    `/api/v2/dashboards/widgets/mark-area-elements?dashboard=${first.id}&widget=${saved.widgets[0]!.id}`,
    [{ name: markers.next(), startDate: '2026-02-01T00:00:00.000Z', endDate: '2026-02-02T00:00:00.000Z' }],
  );
  await owner.call('POST', '/api/v2/account/settings/devices', {
    settings: { sortMode: 'NAME', sortDirection: 'ASC' },
    devices: tree.map((item, order) => ({
      rawHexacode: item.rawHexacode,
      key: item.key,
      order,
      data: [item, ...item.departments].map(({ key }) => ({ key, label: markers.next() })),
    })),
  });
  await subscribeBrowser(owner, markers);
  const email = `${markers.next()}@example.dk`;
  await owner.call('POST', '/api/v2/account/settings', {
    email,
    alarmEmailExportAddresses: [email],
    language: { code: 'EN', label: markers.next() },
  });
}

/**
 * A browser of the owner's subscribed to alarm pushes, with a marked endpoint: no one else may take it over (issue
 * 25). It goes with the session that made it, so a sweep that signs its attacker out loses the attacker's own.
 */
export async function subscribeBrowser(owner: Caller, markers: Markers): Promise<void> {
  await owner.call('POST', '/api/v2/subscribe', {
    endpoint: `https://push.example/${markers.next()}`,
    keys: browserKeys().keys,
    expirationTime: null,
  });
}

/** Marks the names of a tenant's devices and business groups straight in the database (no route renames them). */
export async function markTenantDevices(db: Database, tenant: string, markers: Markers): Promise<void> {
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, tenant));
  for (const table of [devices, businessGroups]) {
    const rows = await db.select({ id: table.id }).from(table).where(eq(table.tenantId, row!.id));
    for (const { id } of rows) await db.update(table).set({ name: markers.next() }).where(eq(table.id, id));
  }
}

/** Every stored row of the victims (and the devices of their tenants other than `exceptTenant`), in a fixed order. */
export async function snapshotOf(db: Database, victims: readonly Caller[], exceptTenant: string) {
  const ids = victims.map((victim) => victim.userId);
  const tenantNames = [...new Set(victims.map((victim) => victim.tenant))].filter((t) => t !== exceptTenant);
  const tenantIds = tenantNames.length
    ? (await db.select({ id: tenants.id }).from(tenants).where(inArray(tenants.name, tenantNames))).map(
        (t) => t.id,
      )
    : [];
  /** The rows of `table` whose `owner` column is one of `owners`, in the order of `order`. */
  const rowsOf = (table: PgTable, owner: PgColumn, owners: string[], order: PgColumn) =>
    owners.length ? db.select().from(table).where(inArray(owner, owners)).orderBy(asc(order)) : [];
  return {
    users: await rowsOf(users, users.id, ids, users.id),
    dashboards: await rowsOf(dashboards, dashboards.userId, ids, dashboards.id),
    groups: await rowsOf(dashboardGroups, dashboardGroups.userId, ids, dashboardGroups.id),
    deviceConfigurations: await rowsOf(
      deviceConfigurations,
      deviceConfigurations.userId,
      ids,
      deviceConfigurations.userId,
    ),
    pushSubscriptions: await rowsOf(pushSubscriptions, pushSubscriptions.userId, ids, pushSubscriptions.id),
    sessions: await rowsOf(sessions, sessions.userId, ids, sessions.tokenHash),
    devices: await rowsOf(devices, devices.tenantId, tenantIds, devices.id),
    businessGroups: await rowsOf(businessGroups, businessGroups.tenantId, tenantIds, businessGroups.id),
    // Buffers belong to a tenant's lines: another tenant's saves and imports must never create or change them.
    buffers: await rowsOf(buffers, buffers.tenantId, tenantIds, buffers.id),
  };
}

/** What the owner reads of its data through the API: dashboards with widgets, groups, settings, device labels. */
export async function apiViewOf(owner: Caller) {
  const list = await owner.call<DashboardsList>('GET', '/api/v2/dashboards/');
  const labels = (items: DeviceTreeItem[]): [string, string | null][] =>
    items.flatMap((item) => [
      [item.key, item.configuration?.label ?? null],
      ...item.departments.map((d): [string, string | null] => [d.key, d.configuration?.label ?? null]),
      ...labels(item.devices),
    ]);
  return {
    list,
    dashboards: await Promise.all(
      list.dashboards.map((d) => owner.call<Dashboard>('GET', `/api/v2/dashboards/${d.id}`)),
    ),
    settings: await owner.call<AccountSettings>('GET', '/api/v2/account/settings'),
    deviceLabels: labels(await owner.call<DeviceTreeItem[]>('GET', '/api/v2/devices/')),
  };
}
