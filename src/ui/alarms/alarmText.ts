import { en } from '#i18n/en';
import type { MessageId } from '#i18n/messages';
import type { Translate } from '../i18n';

const CODE_ID = /^alarm\.([A-Z0-9_]+)$/;

/** An alarm in the user's language: the catalogue's `alarm.<CODE>`, else the server's translation. */
export function alarmText(t: Translate, alarm: { code: string; translation: string }): string {
  const id = `alarm.${alarm.code}`;
  return id in en ? t(id as MessageId) : alarm.translation;
}

/** The alarm codes the catalogues name (the shipped device models' alarms), to offer where a code is typed. */
export const KNOWN_ALARM_CODES: readonly string[] = Object.keys(en).flatMap((id) => {
  const code = CODE_ID.exec(id)?.[1];
  return code ? [code] : [];
});
