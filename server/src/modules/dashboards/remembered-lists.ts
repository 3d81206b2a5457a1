import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { DatabaseChannel } from '../../db/notifications';
import { createExpiringCache } from '../../expiringCache';
import type { ListView } from './list-view';
import type { Owner } from './owner';

/** Announced by the database itself (migration 0018) on every change to what a user's list shows. */
const CHANNEL = 'coldwatch_list_changes';
/** A bound for a change whose announcement was lost while the LISTEN connection still looked healthy. */
const REMEMBERED_MS = 10_000;
const REMEMBERED_LISTS = 10_000;
const READING = new Set(['GET', 'HEAD', 'OPTIONS']);

const keyOf = ({ tenantId, userId }: Owner) => `${tenantId}/${userId}`;

/**
 * The dashboard list is read on every page the SPA opens, and changes only when its owner (or an administrator)
 * changes something. Each instance remembers a user's list until the database says it changed: a trigger on the
 * dashboards, the groups and the user's settings announces every change, whoever made it, and every instance
 * forgets that user's list. Nothing is remembered while the announcements are not heard (no LISTEN connection),
 * and nothing remembered survives a new LISTEN connection (what was said in between is unknown). A request that
 * changes something forgets its user's list here before it answers, so a reload right after a save never races
 * the announcement.
 */
export function rememberLists(
  app: FastifyInstance,
  db: Database,
  read: (owner: Owner) => Promise<ListView | undefined>,
) {
  const lists = createExpiringCache<string, { view: ListView; listening: number }>(
    REMEMBERED_MS,
    REMEMBERED_LISTS,
  );
  /** Counts forgettings, so that a read that began before one does not remember what it read. */
  let forgotten = 0;
  const forget = (owner: Owner) => {
    forgotten += 1;
    lists.delete(keyOf(owner));
  };
  const channel = new DatabaseChannel<Owner>(db, app.log, CHANNEL, ({ tenantId, userId }) =>
    typeof tenantId === 'string' && typeof userId === 'string' ? { tenantId, userId } : null,
  );
  channel.subscribe(forget);
  app.addHook('onReady', () => channel.start());
  app.addHook('onClose', () => channel.stop());
  app.addHook('onSend', async (request) => {
    const session = request.session;
    if (session && !READING.has(request.method))
      forget({ tenantId: session.tenant.id, userId: session.user.id });
  });

  return async (owner: Owner): Promise<ListView | undefined> => {
    const listening = channel.listening;
    if (listening === undefined) return read(owner);
    const remembered = lists.get(keyOf(owner));
    if (remembered?.listening === listening) return remembered.view;
    const before = forgotten;
    const view = await read(owner);
    if (view && forgotten === before && channel.listening === listening)
      lists.set(keyOf(owner), { view, listening });
    return view;
  };
}
