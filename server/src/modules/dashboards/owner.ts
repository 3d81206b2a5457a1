import { and, eq } from 'drizzle-orm';
import { dashboardGroups, dashboards } from '../../db/schema';

/** Whose dashboards: every query is scoped by both, so another user's or tenant's rows simply do not exist. */
export interface Owner {
  tenantId: string;
  userId: string;
}

export const ofOwner = ({ tenantId, userId }: Owner) =>
  and(eq(dashboards.tenantId, tenantId), eq(dashboards.userId, userId));
export const groupsOfOwner = ({ tenantId, userId }: Owner) =>
  and(eq(dashboardGroups.tenantId, tenantId), eq(dashboardGroups.userId, userId));
