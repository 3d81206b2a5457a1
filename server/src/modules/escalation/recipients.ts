import { and, eq, inArray } from 'drizzle-orm';
import type { EscalationChannel, EscalationLevel } from '#contracts';
import type { Database } from '../../db/client';
import { pushSubscriptions, users } from '../../db/schema';

/** One recipient of a level: where to, in which language and date format, on which channel. */
export interface LevelRecipient {
  channel: EscalationChannel;
  /** What the alarm's record says was told: the address mailed, or the username whose browsers were pushed. */
  recipient: string;
  languageCode: string;
  dateFormat: string | undefined;
  /** The e-mail address, or the push subscription. */
  to: string;
}

/** The tenant's users the level names, with their address and browsers (users deleted since are left out). */
async function namedUsers(db: Database, tenantId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      languageCode: users.languageCode,
      settings: users.settings,
      disabled: users.disabled,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...ids])));
}

/** Whom a level tells and how: its users (their address, their browsers) and its addresses, by its channels. */
export async function levelRecipients(
  db: Database,
  tenantId: string,
  level: Pick<EscalationLevel, 'users' | 'emails' | 'channels'>,
): Promise<LevelRecipient[]> {
  const named = (await namedUsers(db, tenantId, level.users)).filter((user) => !user.disabled);
  const recipients: LevelRecipient[] = [];
  const mailed = new Set<string>();
  const mail = (to: string, languageCode: string, dateFormat: string | undefined) => {
    if (mailed.has(to.toLowerCase())) return;
    mailed.add(to.toLowerCase());
    recipients.push({ channel: 'email', recipient: to, to, languageCode, dateFormat });
  };
  if (level.channels.includes('email')) {
    for (const user of named)
      if (user.email)
        mail(user.email, user.settings.language?.code ?? user.languageCode, user.settings.dateFormat);
    for (const address of level.emails) mail(address, 'EN', undefined);
  }
  if (level.channels.includes('push') && named.length > 0) {
    const browsers = await db
      .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.tenantId, tenantId),
          inArray(
            pushSubscriptions.userId,
            named.map((user) => user.id),
          ),
        ),
      );
    for (const browser of browsers) {
      const user = named.find((u) => u.id === browser.userId)!;
      recipients.push({
        channel: 'push',
        recipient: user.username,
        to: browser.id,
        languageCode: user.settings.language?.code ?? user.languageCode,
        dateFormat: user.settings.dateFormat,
      });
    }
  }
  return recipients;
}
