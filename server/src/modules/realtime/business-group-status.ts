import { eq } from 'drizzle-orm';
import type { DeviceStatus, ServerMessage } from '#contracts';
import type { Database } from '../../db/client';
import { businessGroups, devices, tenants } from '../../db/schema';
import type { GatewayLogger } from '../../gateway/logger';
import type { GatewayAccess } from '../devices/gateway-access';
import { worstStatus } from '../devices/status';

interface BusinessGroup {
  hexacode: string;
  members: string[];
}

interface Membership {
  until: number;
  loading?: Promise<void> | undefined;
  /** member hexacode → its business group */
  groupOf: Map<string, BusinessGroup>;
}

const MEMBERSHIP_TTL_MS = 30_000;

/**
 * Business groups on the socket: a member's status change is told as MappingStatus, and the group's own (worst-of)
 * status as DeviceStatus when it changes. Group membership is cached per tenant: statuses are rare, values are not.
 */
export class BusinessGroupStatus {
  private readonly memberships = new Map<string, Membership>();
  private readonly groupStatus = new Map<string, DeviceStatus>();

  constructor(
    private readonly options: {
      db: Database;
      access: GatewayAccess;
      log: GatewayLogger;
      /** Whether anyone of the tenant is connected (no lookup otherwise). */
      watched(tenant: string): boolean;
      toTenant(tenant: string, message: ServerMessage): void;
    },
  ) {}

  async onMemberStatus(tenant: string, hexacode: string, status: DeviceStatus): Promise<void> {
    if (!this.options.watched(tenant)) return;
    try {
      const group = (await this.membership(tenant)).get(hexacode);
      if (!group) return;
      this.options.toTenant(tenant, {
        type: 'MappingStatus',
        payload: { hexacode: group.hexacode, memberHexacode: hexacode, status },
      });
      const { gateway } = this.options.access;
      const groupStatus = worstStatus(group.members.map((m) => gateway.deviceStatus(tenant, m)));
      const key = `${tenant}/${group.hexacode}`;
      if (this.groupStatus.get(key) !== groupStatus) {
        this.groupStatus.set(key, groupStatus);
        this.options.toTenant(tenant, {
          type: 'DeviceStatus',
          payload: { hexacode: group.hexacode, status: groupStatus },
        });
      }
    } catch (error) {
      this.options.log.warn({ err: error, tenant }, 'realtime: business group lookup failed');
    }
  }

  /** Member hexacode → its business group, loaded once per TTL however many statuses arrive meanwhile. */
  private async membership(tenant: string): Promise<Map<string, BusinessGroup>> {
    const cached = this.memberships.get(tenant);
    if (cached && cached.until > Date.now()) return cached.groupOf;
    if (cached?.loading) {
      await cached.loading;
      return this.memberships.get(tenant)!.groupOf;
    }
    const entry: Membership = { until: 0, groupOf: cached?.groupOf ?? new Map() };
    this.memberships.set(tenant, entry);
    entry.loading = this.options.db
      .select({ member: devices.hexacode, group: businessGroups.hexacode })
      .from(devices)
      .innerJoin(businessGroups, eq(businessGroups.id, devices.businessGroupId))
      .innerJoin(tenants, eq(tenants.id, devices.tenantId))
      .where(eq(tenants.name, tenant))
      .then((rows) => {
        const groups = new Map<string, BusinessGroup>();
        const groupOf = new Map<string, BusinessGroup>();
        for (const row of rows) {
          let g = groups.get(row.group);
          if (!g) groups.set(row.group, (g = { hexacode: row.group, members: [] }));
          g.members.push(row.member);
          groupOf.set(row.member, g);
        }
        entry.groupOf = groupOf;
        entry.until = Date.now() + MEMBERSHIP_TTL_MS;
        entry.loading = undefined;
      })
      .catch((error: unknown) => {
        entry.loading = undefined;
        throw error;
      });
    await entry.loading;
    return entry.groupOf;
  }
}
