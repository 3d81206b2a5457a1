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
const isNamed = (field: string): field is NamedField => (NAMED_FIELDS as readonly string[]).includes(field);
/** An instant as the server writes it (toISOString). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** An entry's before → after, field by field, in the reader's words: named fields, yes/no, their dates. */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const t = useT();
  const { instant } = useUserDates();
  const shown = (value: unknown): string => {
    if (value === undefined || value === null) return '—';
    if (typeof value === 'boolean') return t(value ? 'audit.value.yes' : 'audit.value.no');
    if (typeof value === 'string') return INSTANT.test(value) ? instant(value) : value;
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ');
    return JSON.stringify(value);
  };
  return changedFields(before, after).map(({ field, before: was, after: is }) => (
    <div key={field}>
      {field ? `${isNamed(field) ? t(`audit.field.${field}`) : field}: ` : ''}
      {`${shown(was)} → ${shown(is)}`}
    </div>
  ));
}
