import type { DashboardSummary } from '#contracts';
import type { Database } from '../../db/client';
import { preparedRead } from '../../db/prepared';
import type { StoredAccount } from '../account/repository';
import type { Owner } from './owner';

interface ListedGroup {
  id: string;
  name: string;
  order: number;
  expanded: boolean;
}

/** Everything a user's dashboard list shows, as one read gives it. */
export interface ListView {
  dashboards: DashboardSummary[];
  groups: ListedGroup[];
  account: StoredAccount;
}

/**
 * The list is asked for on every page the SPA opens: its dashboards and its groups (each by order, then name and
 * id, as the SPA shows them) and the user's stored settings come from one statement instead of three (issue 14).
 * No row when the user no longer exists.
 */
const LIST_VIEW = `SELECT
  coalesce((SELECT json_agg(json_build_object('id', d.id, 'name', d.name, 'favorite', d.favorite,
      'order', d."order", 'groupId', d.group_id, 'breakpoint', d.breakpoint, 'version', d.version)
      ORDER BY d."order", d.name, d.id)
    FROM dashboards d WHERE d.tenant_id = $1 AND d.user_id = $2), '[]') AS dashboards,
  coalesce((SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'order', g."order",
      'expanded', g.expanded) ORDER BY g."order", g.name, g.id)
    FROM dashboard_groups g WHERE g.tenant_id = $1 AND g.user_id = $2), '[]') AS groups,
  u.settings, u.email, u.mfa_enabled AS "mfaEnabled", u.mfa_secret IS NOT NULL AS "mfaConfirmed"
FROM users u WHERE u.tenant_id = $1 AND u.id = $2`;

type Row = Omit<ListView, 'account'> & StoredAccount;

export function createListView(db: Database) {
  const read = preparedRead<Row>(db, 'coldwatch_dashboards_list', LIST_VIEW);
  return async ({ tenantId, userId }: Owner): Promise<ListView | undefined> => {
    const [row] = await read(tenantId, userId);
    if (!row) return undefined;
    const { dashboards, groups, ...account } = row;
    return { dashboards, groups, account };
  };
}
