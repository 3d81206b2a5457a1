import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Database } from '../../db/client';
import { vapidKeys } from '../../db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const ROW_ID = 1;

/**
 * The server's VAPID keys: from the environment, else the pair kept in the database, made by whichever instance
 * asks first (insert-if-absent, then read: every instance ends up with the same pair). Browsers' subscriptions
 * are bound to the public key, so it must never change by itself.
 */
export function vapidKeySource(db: Database, configured: VapidKeys | undefined): () => Promise<VapidKeys> {
  let loading: Promise<VapidKeys> | undefined;
  async function load(): Promise<VapidKeys> {
    if (configured) return configured;
    const made = webpush.generateVAPIDKeys();
    await db
      .insert(vapidKeys)
      .values({ id: ROW_ID, ...made })
      .onConflictDoNothing();
    const [row] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, ROW_ID));
    if (!row) throw new Error('VAPID keys could not be stored');
    return { publicKey: row.publicKey, privateKey: row.privateKey };
  }
  // Loaded on first use, not at start: the database may still be migrating then. A failure is retried next time.
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
