import { HEXACODE } from '#contracts';
import type { MessageId } from '../../i18n/messages';
import type { AuditFilter, AuditFilterField } from './auditTrail.events';

/** The catalogue key of why a field cannot be applied, for each field that cannot. */
export type AuditFilterErrors = Partial<Record<AuditFilterField, MessageId>>;

export function auditFilterErrors(filter: AuditFilter): AuditFilterErrors {
  const errors: AuditFilterErrors = {};
  if (filter.device.trim() !== '' && !HEXACODE.test(filter.device.trim()))
    errors.device = 'audit.error.device';
  // Days as YYYY-MM-DD compare as text.
  if (filter.from !== '' && filter.to !== '' && filter.to < filter.from) errors.to = 'audit.error.order';
  return errors;
}

export const isApplicable = (filter: AuditFilter): boolean =>
  Object.keys(auditFilterErrors(filter)).length === 0;
