import {
  ALARM_HISTORY_CSV_MAX,
  auditTarget,
  type AlarmEntry,
  type AlarmHistoryPage,
  type AlarmHistoryQuery,
} from '#contracts';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { recordAudit } from '../audit/trail';
import type { AuthSession } from '../auth/service';
import { createDevicesRepository } from '../devices/repository';
import type { ChangeFeed } from './change-feed';
import type { AlarmDirectory } from './directory';
import type { AlarmEmitter } from './emitter';
import type { AlarmEntries, AlarmViewer } from './entries';
import { createAlarmHistory } from './history';
import { alarmHistoryCsv } from './history-csv';
import type { AlarmsRepository } from './repository';
import type { AlarmStore } from './store';
import type { Translations } from './translations';

export const alarmNotFound = () => notFound('ALARM_NOT_FOUND', 'This alarm does not exist');
const alreadyAcknowledged = () =>
  new AppError(409, 'ALARM_ALREADY_ACKNOWLEDGED', 'This alarm is acknowledged already');

/** What the alarm routes do for the signed-in user (the routes check the grants). */
export function createAlarmsService(deps: {
  db: Database;
  repository: AlarmsRepository;
  directory: AlarmDirectory;
  entries: AlarmEntries;
  store: AlarmStore;
  feed: ChangeFeed;
  emitter: AlarmEmitter;
  translations: Translations;
  clock: Clock;
}) {
  const { repository, directory, entries, clock } = deps;
  const devices = createDevicesRepository(deps.db);
  const history = createAlarmHistory(deps.db, deps.translations, directory);

  async function viewerOf(session: AuthSession): Promise<AlarmViewer> {
    const configuration = await devices.configuration(session.tenant.id, session.user.id);
    return {
      tenantId: session.tenant.id,
      language: session.user.languageCode,
      labels: configuration?.labels ?? {},
    };
  }

  return {
    viewerOf,

    /** The entries the user sees, and the newest change before they were read (the stream resumes after it). */
    async entries(session: AuthSession): Promise<{ entries: AlarmEntry[]; changeId: number }> {
      const viewer = await viewerOf(session);
      const changeId = await repository.lastChange();
      const snapshot = await entries.snapshot(session.tenant.id);
      return { entries: [...snapshot.values()].map((entry) => entries.present(entry, viewer)), changeId };
    },

    history: (session: AuthSession, query: AlarmHistoryQuery): Promise<AlarmHistoryPage> =>
      history(session.tenant.id, session.user.languageCode, query),
    /** The first ALARM_HISTORY_CSV_MAX occurrences the filters match, in the order asked for, as CSV. */
    historyCsv: async (session: AuthSession, query: AlarmHistoryQuery): Promise<string> =>
      alarmHistoryCsv(
        (
          await history(session.tenant.id, session.user.languageCode, query, {
            limit: ALARM_HISTORY_CSV_MAX,
            offset: 0,
          })
        ).data,
      ),

    /** Stores who acknowledged, when and why; tells the streams and e-mail/push. Once per occurrence. */
    async acknowledge(session: AuthSession, id: string, comment: string): Promise<void> {
      const tenantId = session.tenant.id;
      const found = await repository.find(tenantId, id);
      // A held or suppressed occurrence was never announced: there is nothing to acknowledge yet.
      if (!found?.announced) throw alarmNotFound();
      if (found.acknowledgedAt) throw alreadyAcknowledged();
      // Stored, numbered and NOTIFYed together, as the store does with raises and clears.
      const { row, change } = await repository.transaction(async (queries, tx) => {
        const row = await queries.acknowledge(tenantId, id, {
          userId: session.user.id,
          username: session.user.username,
          comment,
          at: clock.now(),
        });
        if (!row) throw alreadyAcknowledged(); // another request was first
        await recordAudit(tx, {
          by: session,
          action: 'alarm.acknowledge',
          target: auditTarget.alarm({ ...row, occurrence: row.id }),
          hexacode: row.hexacode,
          before: { acknowledged: false, raisedAt: row.raisedAt, clearedAt: row.clearedAt },
          after: { acknowledged: true, comment },
          at: clock.now(),
        });
        const change = {
          tenantId,
          hexacode: row.hexacode,
          id: await queries.recordChange(tenantId, row.hexacode, clock.now()),
        };
        await deps.feed.notify(change, tx);
        return { row, change };
      });
      deps.feed.deliver(change);
      const device = (await directory.device(tenantId, row.hexacode)) ?? {
        tenantId,
        hexacode: row.hexacode,
        name: row.deviceName,
        model: '',
        group: null,
      };
      deps.emitter.emit({
        type: 'alarm.acknowledged',
        occurrence: deps.store.occurrenceOf(session.tenant.name, device, row),
        by: session.user.username,
        comment,
      });
    },
  };
}

export type AlarmsService = ReturnType<typeof createAlarmsService>;
