import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { DatabaseChannel } from '../../db/notifications';
import type { AuthService } from './service';

const CHANNEL = 'coldwatch_session_ends';

/**
 * Sessions ended on one instance (logout, disabled user, new password, switch account) end on every instance at
 * once: the others drop it from their session cache and close its live sockets. Told through the database they
 * share; should a notification be lost (the LISTEN connection was down), the 2 s cache and the sockets' periodic
 * re-validation still end it.
 */
export async function shareSessionEnds(app: FastifyInstance, db: Database, auth: AuthService): Promise<void> {
  const channel = new DatabaseChannel<{ tokenHash: string }>(db, app.log, CHANNEL, ({ tokenHash }) =>
    typeof tokenHash === 'string' ? { tokenHash } : null,
  );
  channel.subscribe(({ tokenHash }) => auth.sessionEndedElsewhere(tokenHash));
  const stopTelling = auth.onSessionEndedHere((tokenHash) => {
    channel.notify({ tokenHash }).catch((error: unknown) => {
      app.log.warn({ err: error }, 'sessions: could not tell the other instances of an ended session');
    });
  });
  app.addHook('onReady', () => channel.start());
  app.addHook('onClose', async () => {
    stopTelling();
    await channel.stop();
  });
}
