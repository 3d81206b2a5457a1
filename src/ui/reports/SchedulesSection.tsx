import { useSelector } from '@xstate/react';
import type { ReportSchedule } from '#contracts';
import { selectMayManageReports } from '../../machines/app/app.selectors';
import { selectStores, type ReportsActor } from '../../machines/reports/reports.selectors';
import {
  selectSchedules,
  selectSchedulesActor,
  selectSchedulesFailure,
  selectSchedulesView,
  type SchedulesActor,
} from '../../machines/reports/schedules.selectors';
import { AppActor } from '../appActor';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { ErrorAlert } from '../primitives/ErrorAlert';
import { useUserDates } from '../useUserDates';
import { ScheduleForm } from './ScheduleForm';

/** The tenant's scheduled reports: listed to everyone who reads reports, changed with DEVICES at WRITE. */
export function SchedulesSection({ reports }: { reports: ReportsActor }) {
  const schedules = useSelector(reports, selectSchedulesActor);
  return schedules ? <Schedules reports={reports} schedules={schedules} /> : null;
}

function Schedules({ reports, schedules }: { reports: ReportsActor; schedules: SchedulesActor }) {
  const t = useT();
  const view = useSelector(schedules, selectSchedulesView);
  const rows = useSelector(schedules, selectSchedules);
  const failure = useSelector(schedules, selectSchedulesFailure);
  const stores = useSelector(reports, selectStores);
  const mayManage = AppActor.useSelector(selectMayManageReports);
  const failed = failure === 'forbidden' ? 'reports.failed.forbidden' : 'reports.schedules.failed';
  return (
    <section aria-labelledby="schedules-title" className="flex min-w-0 flex-col gap-2 border-t border-line pt-3">
      <h2 id="schedules-title" className="text-xl font-semibold">
        {t('reports.schedules.title')}
      </h2>
      {view === 'loading' && <p role="status">{t('reports.schedules.loading')}</p>}
      {failure && <ErrorAlert>{t(failed)}</ErrorAlert>}
      {view === 'failed' && (
        <div>
          <Button onClick={() => schedules.send({ type: 'schedules.retried' })}>{t('reports.retry')}</Button>
        </div>
      )}
      {view !== 'loading' && view !== 'failed' && rows.length === 0 && <p>{t('reports.schedules.none')}</p>}
      {rows.length > 0 && (
        <ul aria-label={t('reports.schedules.title')} className="flex flex-col gap-2">
          {rows.map((row) => (
            <ScheduleRow key={row.id} row={row} schedules={schedules} mayManage={mayManage && view === 'listed'} />
          ))}
        </ul>
      )}
      {(view === 'editing' || view === 'saving') && <ScheduleForm schedules={schedules} stores={stores} />}
      {mayManage && view === 'listed' && (
        <div>
          <Button variant="quiet" onClick={() => schedules.send({ type: 'schedule.addStarted' })}>
            {t('reports.schedules.add')}
          </Button>
        </div>
      )}
    </section>
  );
}

function ScheduleRow({
  row,
  schedules,
  mayManage,
}: {
  row: ReportSchedule;
  schedules: SchedulesActor;
  mayManage: boolean;
}) {
  const t = useT();
  const { instant } = useUserDates();
  const frequency = t(`foodSafety.frequency.${row.frequency}`);
  const name = t('reports.schedules.row', { store: row.businessGroupName, frequency });
  const next = instant(row.nextRunAt);
  return (
    <li aria-label={name} className="flex flex-wrap items-center gap-2 rounded bg-surface-raised p-2 text-sm">
      <span className="min-w-0 flex-1 basis-full break-words sm:basis-0">
        <span className="font-medium">{name}</span>: {row.recipients.join(', ')}
        <span className="block text-muted">
          {row.lastSentAt
            ? t('reports.schedules.when', { next, last: instant(row.lastSentAt) })
            : t('reports.schedules.whenNotYet', { next })}
        </span>
      </span>
      {mayManage && (
        <>
          <Button
            variant="quiet"
            aria-label={t('reports.schedules.editOf', { name })}
            onClick={() => schedules.send({ type: 'schedule.editStarted', id: row.id })}
          >
            {t('reports.schedules.edit')}
          </Button>
          <Button
            variant="quiet"
            aria-label={t('reports.schedules.removeOf', { name })}
            onClick={() => schedules.send({ type: 'schedule.removeRequested', id: row.id })}
          >
            {t('reports.schedules.remove')}
          </Button>
        </>
      )}
    </li>
  );
}

