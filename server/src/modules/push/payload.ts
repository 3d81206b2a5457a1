import type { PushPayload } from '#contracts';
import type { AlarmOccurrence } from '../alarms/events';
import { departmentLabel, userTime } from '../mail/alarm-mail';
import { pageRouteOf } from '../mail/links';
import { alarmName, translatorFor } from '../mail/messages';

/** The push of a raised alarm, in the user's language (docs/decisions/, "Alarm e-mail and web push"). */
export function alarmPush(
  o: AlarmOccurrence,
  languageCode: string,
  dateFormat: string | undefined,
): PushPayload {
  const intl = translatorFor(languageCode);
  const alarm = alarmName(intl, o.code, o.adfName);
  return {
    title: intl.formatMessage({ id: 'alarmMail.push.title' }, { alarm }),
    body: intl.formatMessage(
      { id: 'alarmMail.push.body' },
      { device: o.deviceName, department: departmentLabel(intl, o), local: userTime(o.raisedAt, dateFormat) },
    ),
    tag: `alarm-${o.id}`,
    data: {
      route: pageRouteOf(o),
      hexacode: o.hexacode,
      department: o.department,
      subDepartment: o.subDepartment,
      page: o.page,
    },
  };
}

export function testPush(languageCode: string, at: Date): PushPayload {
  const intl = translatorFor(languageCode);
  return {
    title: intl.formatMessage({ id: 'alarmMail.push.testTitle' }),
    body: intl.formatMessage({ id: 'alarmMail.push.testBody' }),
    tag: `test-${at.getTime()}`,
    data: { route: '/' },
  };
}
