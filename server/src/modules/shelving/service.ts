import { auditTarget, type AlarmShelve, type AuditAction, type ShelvedAlarm } from '#contracts';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AlarmOccurrenceRow } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import type { AuthSession } from '../auth/service';
import type { AlarmsRepository } from '../alarms/repository';
import { recordAudit, type AuditChange } from '../audit/trail';
import { alarmNotFound } from '../alarms/service';
import type { Translations } from '../alarms/translations';
import type { Policies } from '../escalation/policies';
import type { ShelvingRepository } from './repository';

type ChangeAlarms = <T>(
  tenantId: string,
  hexacode: string,
  work: (tx: Database) => Promise<T | undefined>,
) => Promise<T | undefined>;

const MINUTE_MS = 60_000;

/** What a shelving or its end changed, as the audit trail keeps it. */
interface ShelvingChange extends Pick<AuditChange, 'before' | 'after' | 'at'> {
  action: Extract<AuditAction, 'alarm.shelve' | 'alarm.unshelve'>;
}

/** The one place shelving writes the audit trail: in `tx`, the transaction of the change itself. */
async function recordShelvingChange(
  tx: Database,
  session: AuthSession,
  occurrence: AlarmOccurrenceRow,
  change: ShelvingChange,
): Promise<void> {
  await recordAudit(tx, {
    by: session,
    target: auditTarget.deviceAlarm(occurrence),
    hexacode: occurrence.hexacode,
    ...change,
  });
}

/** ISA-18.2 shelving: an operator takes one active alarm out of the bell and escalation for a limited time. */
export function createShelvingService(deps: {
  repository: ShelvingRepository;
  alarms: AlarmsRepository;
  policies: Policies;
  translations: Translations;
  changeAlarms: ChangeAlarms;
  clock: Clock;
}) {
  const { repository, alarms, policies, clock, changeAlarms } = deps;

  return {
    async shelve(session: AuthSession, id: string, body: AlarmShelve): Promise<void> {
      const tenantId = session.tenant.id;
      const { maxShelveMinutes } = await policies.of(tenantId);
      const minutes = body.minutes ?? maxShelveMinutes;
      if (minutes > maxShelveMinutes)
        throw badRequest(
          'SHELVE_TOO_LONG',
          `minutes must be at most ${maxShelveMinutes} (this tenant's maximum)`,
        );
      const occurrence = await alarms.find(tenantId, id);
      if (!occurrence) throw alarmNotFound();
      if (occurrence.clearedAt) throw new AppError(409, 'ALARM_CLEARED', 'A cleared alarm cannot be shelved');
      const at = clock.now();
      const shelved = await changeAlarms(tenantId, occurrence.hexacode, async (tx) => {
        const row = await repository.shelve(
          {
            tenantId,
            occurrenceId: id,
            byUserId: session.user.id,
            by: session.user.username,
            at,
            until: new Date(at.getTime() + minutes * MINUTE_MS),
            reason: body.reason,
          },
          tx,
        );
        if (row)
          await recordShelvingChange(tx, session, occurrence, {
            action: 'alarm.shelve',
            after: { minutes, until: row.until.toISOString(), reason: body.reason },
            at,
          });
        return row;
      });
      if (!shelved) throw new AppError(409, 'ALARM_ALREADY_SHELVED', 'This alarm is shelved already');
    },

    async unshelve(session: AuthSession, id: string): Promise<void> {
      const tenantId = session.tenant.id;
      const occurrence = await alarms.find(tenantId, id);
      if (!occurrence) throw alarmNotFound();
      const at = clock.now();
      const ended = await changeAlarms(tenantId, occurrence.hexacode, async (tx) => {
        const row = await repository.unshelve(tenantId, id, session.user.username, at, tx);
        if (row)
          await recordShelvingChange(tx, session, occurrence, {
            action: 'alarm.unshelve',
            before: { until: row.until.toISOString(), reason: row.reason },
            at,
          });
        return row;
      });
      if (!ended) throw new AppError(404, 'ALARM_NOT_SHELVED', 'This alarm is not shelved');
    },

    async list(session: AuthSession): Promise<ShelvedAlarm[]> {
      const language = session.user.languageCode;
      const rows = await repository.current(session.tenant.id);
      return rows.map(({ shelving, occurrence }) => ({
        id: occurrence.id,
        hexacode: occurrence.hexacode,
        deviceName: occurrence.deviceName,
        departmentName: occurrence.departmentName,
        code: occurrence.code,
        translation: deps.translations.translate(language, occurrence.code, occurrence.adfName),
        raisedAt: occurrence.raisedAt.toISOString(),
        by: shelving.by,
        at: shelving.at.toISOString(),
        until: shelving.until.toISOString(),
        reason: shelving.reason,
      }));
    },

    /**
     * Ends the shelvings that ran out or whose alarm cleared, each once across instances; an alarm still active
     * comes back to the bell (and to escalation) as its shelving ends.
     */
    async expire(): Promise<number> {
      const now = clock.now();
      let ended = 0;
      for (const due of await repository.due(now)) {
        const at = due.clearedAt ?? due.until;
        const row = await changeAlarms(due.tenantId, due.hexacode, (tx) => repository.end(due.id, at, tx));
        if (row) ended++;
      }
      return ended;
    },
  };
}

export type ShelvingService = ReturnType<typeof createShelvingService>;
