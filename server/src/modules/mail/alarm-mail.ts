import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { IntlShape } from '@formatjs/intl';
import { DEFAULT_ACCOUNT_SETTINGS } from '#contracts';
import type { AlarmOccurrence } from '../alarms/events';
import { pageRouteOf } from './links';
import { alarmName, translatorFor } from './messages';
import type { MailRecipient } from './recipients';
import type { MailMessage } from './transport';

/**
 * A time in the user's date format. The server does not know the browser's time zone, so it writes UTC and says
 * so (the catalogue's texts add "UTC" and the ISO form).
 */
export function userTime(at: Date, dateFormat: string | undefined): string {
  const pattern = dateFormat ?? DEFAULT_ACCOUNT_SETTINGS.dateFormat;
  return format(new TZDate(at, 'UTC'), pattern);
}

/** The department as people read it: its name (the ADF's in the reader's language), else its numbers. */
export function departmentLabel(intl: IntlShape<string>, o: AlarmOccurrence): string {
  return (
    o.departmentNames?.[intl.locale] ??
    o.departmentName ??
    intl.formatMessage(
      { id: 'alarmMail.departmentNumber' },
      { department: o.department, subDepartment: o.subDepartment },
    )
  );
}

/**
 * The e-mail of a raised or cleared alarm, or of one escalated to `level` (1 the first) because nobody acknowledged
 * it, in the recipient's language, leading to the device page.
 */
export function alarmMail(
  kind: 'raised' | 'cleared' | 'escalated',
  o: AlarmOccurrence,
  recipient: Pick<MailRecipient, 'addresses' | 'languageCode' | 'dateFormat'>,
  baseUrl: string,
  level = 0,
): MailMessage {
  const intl = translatorFor(recipient.languageCode);
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, { level, ...values });
  const alarm = alarmName(intl, o.code, o.adfName);
  const department = departmentLabel(intl, o);
  const time = (id: string, at: Date) =>
    t(id, { local: userTime(at, recipient.dateFormat), iso: at.toISOString() });
  const lines = [
    t(`alarmMail.heading.${kind}`),
    '',
    t('alarmMail.device', { device: o.deviceName, hexacode: o.hexacode }),
    ...(o.businessGroupName ? [t('alarmMail.businessGroup', { businessGroup: o.businessGroupName })] : []),
    t('alarmMail.department', { department }),
    t('alarmMail.alarm', { alarm, code: o.code }),
    time('alarmMail.raisedAt', o.raisedAt),
    ...(kind === 'cleared' && o.clearedAt ? [time('alarmMail.clearedAt', o.clearedAt)] : []),
    '',
    t('alarmMail.link', { link: `${baseUrl}${pageRouteOf(o)}` }),
    '',
    '-- ',
    t(kind === 'escalated' ? 'alarmMail.footer.escalated' : 'alarmMail.footer'),
  ];
  return {
    to: recipient.addresses,
    subject: t(`alarmMail.subject.${kind}`, { alarm, device: o.deviceName, department }),
    text: `${lines.join('\n')}\n`,
  };
}
