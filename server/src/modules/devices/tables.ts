import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SortSettings } from '#contracts';
import { createdAt, randomId } from '../../db/columns';
import type { VirtualDeviceDefinition } from '../../gateway/virtual';
import { tenantId } from '../tenancy/tables';
import { users } from '../users/tables';

/** A site or store: a named group of devices of one tenant (the BUSINESS_GROUP of the tree). */
export const businessGroups = pgTable(
  'business_groups',
  {
    id: randomId(),
    tenantId: tenantId(),
    /** Hexacode-like key the SPA shows and routes by (upper-case hex, unique per tenant). */
    hexacode: text('hexacode').notNull(),
    name: text('name').notNull(),
    networkNumber: integer('network_number'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('business_groups_tenant_hexacode_idx').on(t.tenantId, t.hexacode),
    uniqueIndex('business_groups_tenant_name_idx').on(t.tenantId, t.name),
  ],
);

export const DEVICE_TYPES = ['REAL_DEVICE', 'VIRTUAL_DEVICE'] as const;
export type StoredDeviceType = (typeof DEVICE_TYPES)[number];

/** A registered device: a real controller (its model's ADF, its MQTT credential) or a virtual device. */
export const devices = pgTable(
  'devices',
  {
    id: randomId(),
    tenantId: tenantId(),
    /** Upper-case hex, 6–16 digits; the device's MQTT username is `<tenant>/<hexacode>`. */
    hexacode: text('hexacode').notNull(),
    /** ADF id (server/adf/<model>.json); 'VIRTUAL' for virtual devices. */
    model: text('model').notNull(),
    name: text('name').notNull(),
    type: text('type').$type<StoredDeviceType>().notNull(),
    businessGroupId: uuid('business_group_id').references(() => businessGroups.id, { onDelete: 'set null' }),
    /** "sha256:<hex>" of the MQTT credential (see gateway/credentials.ts); null for virtual devices. */
    credentialHash: text('credential_hash'),
    /** The computed lines of a VIRTUAL_DEVICE. */
    virtualDefinition: jsonb('virtual_definition').$type<VirtualDeviceDefinition>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('devices_tenant_hexacode_idx').on(t.tenantId, t.hexacode),
    index('devices_business_group_idx').on(t.businessGroupId),
  ],
);

/** A user's own names and order for the device tree (POST /api/v2/account/settings/devices). */
export const deviceConfigurations = pgTable('device_configurations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tenantId: tenantId(),
  settings: jsonb('settings').$type<SortSettings>().notNull(),
  /** Tree item key (device, business group or department key) → the user's label. */
  labels: jsonb('labels').$type<Record<string, string>>().notNull().default({}),
  /** Device or business group key → position. */
  orders: jsonb('orders').$type<Record<string, number>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type BusinessGroupRow = typeof businessGroups.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;
