import * as v from 'valibot';
import { instant } from './common';

/** The most entries one answer carries (newest first); narrow the period for older ones. */
export const AUDIT_LIMIT_MAX = 5_000;

/** GET /api/v2/audit (administrators): the tenant's audit trail, newest first, filtered. */
export const AuditQuery = v.object({
  from: v.optional(instant('from')),
  to: v.optional(instant('to')),
  hexacode: v.optional(v.pipe(v.string(), v.regex(/^[0-9A-Fa-f]{1,16}$/, 'hexacode is invalid'))),
  /** Entries by this username (also when they acted as another account) or made as it. */
  user: v.optional(
    v.pipe(v.string(), v.trim(), v.nonEmpty('user is empty'), v.maxLength(200, 'user is too long')),
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
