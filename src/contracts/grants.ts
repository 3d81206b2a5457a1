import * as v from 'valibot';

export const GRANT_AREAS = [
  'SYSTEM',
  'MFA_REQUIRED',
  'SECURITY',
  'APPLY_ACL',
  'RND',
  'ACCOUNTS',
  'DEVICES',
  'DEVICE_TAGS',
  'DEVICE_INFO_EXTENDED',
  'DEVICE_BLACKLIST',
  'DEVICE_MAP',
  'DEVICE_ASSIGNED_CLIENTS',
  'DEVICE_EXPORT',
  'DEVICE_CONTROL_PANEL',
  'ADF_FILES',
  'DEALERS',
  'SUBDEALERS',
  'DOMAINS',
  'BUFFERS',
  'EXPORT_MONITOR',
  'FTP_ACCOUNTS',
  'MAIL_ACCOUNTS',
  'SUBSCRIPTION_PLANS',
  'ACCESS_GROUPS',
  'SUPPORT',
  'VIRTUAL_DEVICES',
  'EXPORT_TEMPLATES',
] as const;
export type GrantArea = (typeof GRANT_AREAS)[number];

export const GRANT_LEVELS = ['DENY', 'READ', 'WRITE'] as const;
export type GrantLevel = (typeof GRANT_LEVELS)[number];
export const GrantLevel = v.picklist(GRANT_LEVELS);

export const Authority = v.object({
  authority: v.string(),
  type: GrantLevel,
  domain: v.string(),
});
export type Authority = v.InferOutput<typeof Authority>;

const rank = (level: GrantLevel) => GRANT_LEVELS.indexOf(level);

/** True when the authorities hold `area` at `level` or above (DENY < READ < WRITE). */
export function hasGrant(authorities: readonly Authority[], area: GrantArea, level: GrantLevel): boolean {
  const held = authorities.find((a) => a.authority === `GRANT_${area}`);
  return held !== undefined && rank(held.type) >= rank(level);
}

/**
 * True when every grant of `grants` is held in `held` at its level or above: an administrator may give, or act on,
 * only what they hold themselves.
 */
export function grantsWithin(
  grants: readonly Pick<Authority, 'authority' | 'type'>[],
  held: readonly Pick<Authority, 'authority' | 'type'>[],
): boolean {
  const levels = new Map(held.map((grant) => [grant.authority, rank(grant.type)]));
  return grants.every((grant) => rank(grant.type) <= (levels.get(grant.authority) ?? 0));
}
