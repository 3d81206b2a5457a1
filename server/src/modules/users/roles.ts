import { GRANT_AREAS, type GrantArea, type ListedRole, type UserRole } from '#contracts';
import type { StoredAuthority } from '../../db/schema';

const grant = (area: GrantArea, type: StoredAuthority['type']): StoredAuthority => ({
  authority: `GRANT_${area}`,
  type,
});

/** An operator runs stores, not the system: no SYSTEM, APPLY_ACL or RND grant at all. */
const OPERATOR_EXCLUDED: readonly GrantArea[] = ['SYSTEM', 'APPLY_ACL', 'RND'];

/** The grants each role presets; the demo seed gives its users the same. */
export const ROLE_GRANTS: Record<UserRole, StoredAuthority[]> = {
  administrator: GRANT_AREAS.map((area) => grant(area, 'WRITE')),
  operator: GRANT_AREAS.filter((area) => !OPERATOR_EXCLUDED.includes(area)).map((area) =>
    grant(area, area === 'DEVICES' ? 'WRITE' : 'READ'),
  ),
};

const keyOf = (grants: readonly StoredAuthority[]) =>
  grants
    .map((g) => `${g.authority}:${g.type}`)
    .sort()
    .join(',');
const ROLE_OF_KEY = new Map(
  Object.entries(ROLE_GRANTS).map(([role, grants]) => [keyOf(grants), role as UserRole]),
);

/** The role whose preset these grants are, or 'custom' when they match none. */
export const roleOfGrants = (grants: readonly StoredAuthority[]): ListedRole =>
  ROLE_OF_KEY.get(keyOf(grants)) ?? 'custom';
