import {
  FOOD_SAFETY_CLASSES,
  isOneOf,
  FOOD_SAFETY_LINES,
  LINE_WRITE_RESULTS,
  LISTED_ROLES,
  REPORT_FREQUENCIES,
} from '#contracts';
import type { MessageId } from '../../../i18n/messages';
import { changedFields } from '../../../machines/auditTrail/auditChange';
import { useT } from '../../i18n';
import { useUserDates } from '../../useUserDates';

/** The fields the server records that have a name in the catalogues; any other shows its key. */
const NAMED_FIELDS = [
  'name',
  'value',
  'raw',
  'unit',
  'status',
  'result',
  'reason',
  'message',
  'acknowledged',
  'comment',
  'minutes',
  'until',
  'email',
  'enableAlarmEmailExport',
  'alarmEmailExportAddresses',
  'alarmBrowserNotifications',
  'alarmSound',
  'priorities',
  'codePriorities',
  'timeZone',
  'workingHours',
  'maxShelveMinutes',
  'class',
  'line',
  'low',
  'high',
  'graceDegrees',
  'graceMinutes',
  'default',
  'correctiveAction',
  'correctiveActionBy',
  'reviewedBy',
  'reviewedAt',
  'businessGroup',
  'frequency',
  'recipients',
  'username',
  'role',
  'disabled',
  'grants',
  'actingAs',
  'from',
  'id',
] as const;
type NamedField = (typeof NAMED_FIELDS)[number];
const isNamed = (field: string): field is NamedField => isOneOf(NAMED_FIELDS, field);
/** The values of a field the catalogues name (a kind of limit, a role, …); any other value shows as stored. */
const NAMED_VALUES: Partial<Record<NamedField, (value: string) => MessageId | null>> = {
  result: (value) => (isOneOf(LINE_WRITE_RESULTS, value) ? `audit.result.${value}` : null),
  class: (value) => (isOneOf(FOOD_SAFETY_CLASSES, value) ? `foodSafety.class.${value}` : null),
  line: (value) => (isOneOf(FOOD_SAFETY_LINES, value) ? `foodSafety.line.${value}` : null),
  frequency: (value) => (isOneOf(REPORT_FREQUENCIES, value) ? `foodSafety.frequency.${value}` : null),
  role: (value) => (isOneOf(LISTED_ROLES, value) ? `users.role.${value}` : null),
};
/** An instant as the server writes it (toISOString). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** An entry's before → after, field by field, in the reader's words: named fields, yes/no, their dates. */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const t = useT();
  const { instant } = useUserDates();
  const shown = (field: string, value: unknown): string => {
    if (value === undefined || value === null) return '—';
    if (typeof value === 'boolean') return t(value ? 'audit.value.yes' : 'audit.value.no');
    if (typeof value === 'string') {
      const named = isNamed(field) ? NAMED_VALUES[field]?.(value) : null;
      return named ? t(named) : INSTANT.test(value) ? instant(value) : value;
    }
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ');
    return JSON.stringify(value);
  };
  return changedFields(before, after).map(({ field, before: was, after: is }) => (
    <div key={field}>
      {field ? `${isNamed(field) ? t(`audit.field.${field}`) : field}: ` : ''}
      {`${shown(field, was)} → ${shown(field, is)}`}
    </div>
  ));
}
