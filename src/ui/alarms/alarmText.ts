import { en } from '#i18n/en';
import type { MessageId } from '#i18n/messages';
import type { Translate } from '../i18n';

/** An alarm in the user's language: the catalogue's `alarm.<CODE>`, else the server's translation. */
export function alarmText(t: Translate, alarm: { code: string; translation: string }): string {
  const id = `alarm.${alarm.code}`;
  return id in en ? t(id as MessageId) : alarm.translation;
}
