import type { AuditAction } from '#contracts';

/** What the trail is narrowed to, as typed: days (YYYY-MM-DD, the app's time zone), a device, a user, a kind. */
export interface AuditFilter {
  from: string;
  to: string;
  device: string;
  user: string;
  /** A kind of change, or '' for any. */
  action: AuditAction | '';
}
export type AuditFilterField = keyof AuditFilter;

export const NO_FILTER: AuditFilter = { from: '', to: '', device: '', user: '', action: '' };

export type AuditTrailEvent =
  /** A filter field typed or chosen (not applied until `auditTrail.filterApplied`). */
  | { type: 'auditTrail.filterEdited'; field: AuditFilterField; value: string }
  /** Show the entries the filters match (refused, marking the fields, while one is invalid). */
  | { type: 'auditTrail.filterApplied' }
  /** The next page: the entries before the last one shown. */
  | { type: 'auditTrail.olderRequested' }
  /** Save what the filters match as a CSV file. */
  | { type: 'auditTrail.downloadRequested' }
  /** Walk the hash chain from the first entry to the last: is the trail whole? */
  | { type: 'auditTrail.chainCheckRequested' }
  /** Load the entries again after they failed to load. */
  | { type: 'auditTrail.retry' }
  | { type: 'auditTrail.close' };
