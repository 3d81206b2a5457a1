import { asc, inArray } from 'drizzle-orm';
import type { AlarmNotification, AlarmShelving } from '#contracts';
import type { Database } from '../../db/client';
import { alarmNotifications, alarmShelvings } from '../../db/schema';

interface AlarmRecords {
  notifications: AlarmNotification[];
  shelvings: AlarmShelving[];
}

/** What happened to these alarms beyond raise, ack and clear: whom escalation told, and their shelvings. */
export async function recordsOf(db: Database, ids: readonly string[]): Promise<(id: string) => AlarmRecords> {
  const byAlarm = new Map<string, AlarmRecords>();
  const of = (id: string) => {
    let records = byAlarm.get(id);
    if (!records) byAlarm.set(id, (records = { notifications: [], shelvings: [] }));
    return records;
  };
  if (ids.length > 0) {
    const [notifications, shelvings] = await Promise.all([
      db
        .select()
        .from(alarmNotifications)
        .where(inArray(alarmNotifications.occurrenceId, [...ids]))
        .orderBy(asc(alarmNotifications.id)),
      db
        .select()
        .from(alarmShelvings)
        .where(inArray(alarmShelvings.occurrenceId, [...ids]))
        .orderBy(asc(alarmShelvings.at)),
    ]);
    for (const n of notifications)
      of(n.occurrenceId).notifications.push({
        level: n.level,
        round: n.round,
        channel: n.channel,
        recipient: n.recipient,
        at: n.at.toISOString(),
      });
    for (const s of shelvings)
      of(s.occurrenceId).shelvings.push({
        by: s.by,
        at: s.at.toISOString(),
        until: s.until.toISOString(),
        reason: s.reason,
        endedAt: s.endedAt?.toISOString() ?? null,
        endedBy: s.endedBy,
      });
  }
  return (id) => byAlarm.get(id) ?? { notifications: [], shelvings: [] };
}
