import { readAuditTarget } from '#contracts';
import { alarmText } from '../../alarms/alarmText';
import { useT } from '../../i18n';
import { useUserDates } from '../../useUserDates';

/**
 * What an entry changed, in the reader's language: the trail stores it as an English phrase (#contracts
 * auditTarget), read back here into its parts. A phrase this version does not write shows as stored.
 */
export function AuditTarget({ target }: { target: string }) {
  const t = useT();
  const { instant, day } = useUserDates();
  const read = readAuditTarget(target);
  if (!read) return <>{target}</>;
  const { kind, parts } = read;
  const values: Record<string, string> = { ...parts };
  if (kind === 'alarm') {
    // The trail keeps the code alone: a code no catalogue names shows as itself.
    values.alarm = alarmText(t, { code: parts.code!, translation: parts.code! });
    values.device = parts.deviceName ? `${parts.deviceName} (${parts.hexacode})` : parts.hexacode!;
  }
  if (kind === 'excursion') values.start = instant(new Date(Number(parts.start)).toISOString());
  if (kind === 'day') values.day = day(parts.day!);
  return (
    <>
      {t(
        kind === 'schedule' && parts.store ? 'audit.target.scheduleOfStore' : `audit.target.${kind}`,
        values,
      )}
    </>
  );
}
