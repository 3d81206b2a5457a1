import type { AlarmOccurrence } from '../alarms/events';
import { alarmMail, userTime } from '../mail/alarm-mail';
import { translatorFor } from '../mail/messages';
import type { OutboxEntry } from '../mail/outbox';
import type { MailMessage } from '../mail/transport';
import { alarmPush, testPush } from '../push/payload';
import type { LevelRecipient } from './recipients';

/** The outbox rows that tell `recipients` of an alarm escalated to `level` (1 the first). */
export const escalationEntries = (
  occurrence: AlarmOccurrence,
  recipients: readonly LevelRecipient[],
  level: number,
  baseUrl: string,
): OutboxEntry[] =>
  recipients.map((r) =>
    r.channel === 'email'
      ? {
          tenantId: occurrence.tenantId,
          channel: 'mail',
          message: { ...alarmMail('escalated', occurrence, { addresses: [r.to], ...r }, baseUrl, level) },
        }
      : {
          tenantId: occurrence.tenantId,
          channel: 'push',
          pushSubscriptionId: r.to,
          message: { ...alarmPush(occurrence, r.languageCode, r.dateFormat) },
        },
  );

function testMail(recipient: LevelRecipient, at: Date): MailMessage {
  const intl = translatorFor(recipient.languageCode);
  const t = (id: string) =>
    intl.formatMessage({ id }, { local: userTime(at, recipient.dateFormat), iso: at.toISOString() });
  return {
    to: [recipient.to],
    subject: t('alarmMail.subject.test'),
    text: `${[t('alarmMail.heading.test'), '', t('alarmMail.testAt'), '', '-- ', t('alarmMail.footer.escalated')].join('\n')}\n`,
  };
}

/** The outbox rows of the weekly test alarm to the first level's recipients. */
export const testEntries = (
  tenantId: string,
  recipients: readonly LevelRecipient[],
  at: Date,
): OutboxEntry[] =>
  recipients.map((r) =>
    r.channel === 'email'
      ? { tenantId, channel: 'mail', message: { ...testMail(r, at) } }
      : { tenantId, channel: 'push', pushSubscriptionId: r.to, message: { ...testPush(r.languageCode, at) } },
  );
