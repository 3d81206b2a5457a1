import * as v from 'valibot';
import { HEXACODE, instant } from './common';

/** The most entries one answer carries (newest first); `before` or a narrower period reaches older ones. */
export const AUDIT_LIMIT_MAX = 5_000;

/** What kind of change an entry records (noun.verb); a module that audits a new kind adds it here. */
export const AUDIT_ACTIONS = [
  'line.write',
  'alarm.acknowledge',
  'alarm.shelve',
  'alarm.unshelve',
  'settings.alarms',
  'escalation.change',
  'limit.change',
  'excursion.correctiveAction',
  'report.signOff',
  'report.schedule',
  'user.create',
  'user.disable',
  'user.enable',
  'account.switch',
  'account.switchBack',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** GET /api/v2/audit (administrators): the tenant's audit trail, newest first, filtered. */
export const AuditQuery = v.object({
  from: v.optional(instant('from')),
  to: v.optional(instant('to')),
  hexacode: v.optional(v.pipe(v.string(), v.regex(HEXACODE, 'hexacode is invalid'))),
  /** Entries by this username (also when they acted as another account) or made as it. */
  user: v.optional(
    v.pipe(v.string(), v.trim(), v.nonEmpty('user is empty'), v.maxLength(200, 'user is too long')),
  ),
  action: v.optional(v.picklist(AUDIT_ACTIONS, 'action is not a kind of change the trail records')),
  /** Entries older than this one (its seq): the next page after an answer's last entry. */
  before: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,15}$/, 'before must be the seq of an entry'),
      v.transform(Number),
      v.minValue(1, 'before must be at least 1'),
    ),
  ),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, 'limit must be a number'),
      v.transform(Number),
      v.minValue(1, 'limit must be at least 1'),
      v.maxValue(AUDIT_LIMIT_MAX, `limit must be at most ${AUDIT_LIMIT_MAX}`),
    ),
    '500',
  ),
  format: v.optional(v.picklist(['json', 'csv'], 'format must be json or csv')),
});
export type AuditQuery = v.InferOutput<typeof AuditQuery>;

/** One entry of the trail: `hash` is SHA-256 over the entry and `prevHash`, the previous entry's hash. */
export const AuditEntry = v.object({
  seq: v.number(),
  at: v.string(),
  user: v.string(),
  userId: v.nullable(v.string()),
  /** The account an administrator acted as (switch account), or null. */
  actingAs: v.nullable(v.string()),
  action: v.string(),
  target: v.string(),
  hexacode: v.nullable(v.string()),
  before: v.unknown(),
  after: v.unknown(),
  prevHash: v.string(),
  hash: v.string(),
});
export type AuditEntry = v.InferOutput<typeof AuditEntry>;

export const AuditPage = v.object({ entries: v.array(AuditEntry) });
export type AuditPage = v.InferOutput<typeof AuditPage>;

/** Why a link of the chain does not hold: an entry deleted, pointing at another, or altered after it was written. */
export const AUDIT_BREAKS = ['missing', 'prevHash', 'hash'] as const;
export type AuditBreak = (typeof AUDIT_BREAKS)[number];

/** GET /api/v2/audit/chain: whether the tenant's hash chain holds from its first entry to its last. */
export const AuditChain = v.object({
  /** How many entries hold from the first on (all of them when the chain is intact). */
  entries: v.number(),
  /** The first link that does not hold; null when the chain is intact. */
  broken: v.nullable(v.object({ seq: v.number(), reason: v.picklist(AUDIT_BREAKS) })),
});
export type AuditChain = v.InferOutput<typeof AuditChain>;
