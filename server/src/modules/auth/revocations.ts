import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { DatabaseChannel } from '../../db/notifications';
import type { AuthService } from './service';

const CHANNEL = 'coldwatch_session_ends';

/** A session ended (its token's hash), or a user whose sessions are to be read afresh. */
type SessionNews = { tokenHash: string } | { userId: string };

const newsOf = ({ tokenHash, userId }: Record<string, unknown>): SessionNews | null =>
  typeof tokenHash === 'string' ? { tokenHash } : typeof userId === 'string' ? { userId } : null;

/**
 * Sessions ended on one instance (logout, disabled user, new password, switch account) end on every instance at
 * once: the others drop it from their session cache and close its live sockets. A user's own settings changed
 * on one instance (their language) are read afresh by every instance's next request of theirs. Told through the
 * database they share, on one channel (one LISTEN connection); should a notification be lost (the LISTEN
 * connection was down), the 2 s cache and the sockets' periodic re-validation still end it.
 */
export async function shareSessionNews(app: FastifyInstance, db: Database, auth: AuthService): Promise<void> {
  const channel = new DatabaseChannel<SessionNews>(db, app.log, CHANNEL, newsOf);
  channel.subscribe((news) =>
    'tokenHash' in news ? auth.sessionEndedElsewhere(news.tokenHash) : auth.userChangedElsewhere(news.userId),
  );
  const tell = (news: SessionNews, what: string) =>
    channel.notify(news).catch((error: unknown) => {
      app.log.warn({ err: error }, `sessions: could not tell the other instances of ${what}`);
    });
  const stopTelling = [
    auth.onSessionEndedHere((tokenHash) => tell({ tokenHash }, 'an ended session')),
    auth.onUserChangedHere((userId) => tell({ userId }, "a user's changed settings")),
  ];
  app.addHook('onReady', () => channel.start());
  app.addHook('onClose', async () => {
    for (const stop of stopTelling) stop();
    await channel.stop();
  });
}
