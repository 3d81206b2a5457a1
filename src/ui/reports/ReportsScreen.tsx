import { useSelector } from '@xstate/react';
import { selectReportsActor } from '../../machines/app/app.selectors';
import {
  selectBusy,
  selectCanRequest,
  selectDepartments,
  selectFrom,
  selectReportName,
  selectStore,
  selectStores,
  selectTo,
  selectView, type ReportsActor } from '../../machines/reports/reports.selectors';
import { AppActor } from '../appActor';
import { useT } from '../i18n';
import { Loading } from '../Loading';
import { Button } from '../primitives/Button';
import { RetryAlert } from '../primitives/ErrorAlert';
import { DateField, SelectField, storeOptions } from './fields';
import { ReportCase } from './ReportCase';
import { ReportNotice } from './ReportNotice';
import { SchedulesSection } from './SchedulesSection';


/** /reports: a store's HACCP report over a period (the app runs its workflow while the route is here). */
export default function ReportsScreen() {
  const reports = AppActor.useSelector(selectReportsActor);
  return reports ? <Reports reports={reports} /> : <Loading />;
}

function Reports({ reports }: { reports: ReportsActor }) {
  const t = useT();
  const view = useSelector(reports, selectView);
  const departments = useSelector(reports, selectDepartments);
  const name = useSelector(reports, selectReportName);
  const busy = useSelector(reports, selectBusy);
  return (
    <section aria-labelledby="reports-title" className="flex min-w-0 flex-col gap-3 p-3 sm:p-6">
      <h1 id="reports-title" className="text-2xl font-semibold">
        {t('reports.title')}
      </h1>
      {view === 'starting' && <p role="status">{t('reports.starting')}</p>}
      {view === 'unavailable' && (
        <RetryAlert retryLabel={t('reports.retry')} onRetry={() => reports.send({ type: 'report.retried' })}>
          {t('reports.unavailable')}
        </RetryAlert>
      )}
      {view !== 'starting' && view !== 'unavailable' && <ChoiceForm reports={reports} />}
      {view === 'choosing' && <p>{t('reports.choose')}</p>}
      {view === 'loading' && <p role="status">{t('reports.loading')}</p>}
      <ReportNotice reports={reports} />
      {view === 'failed' && (
        <div>
          <Button onClick={() => reports.send({ type: 'report.retried' })}>{t('reports.retry')}</Button>
        </div>
      )}
      {view === 'shown' && (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="mr-auto text-xl font-semibold break-words">{name}</h2>
            {(['pdf', 'csv'] as const).map((format) => (
              <Button
                key={format}
                variant="quiet"
                disabled={busy !== 'idle'}
                onClick={() => reports.send({ type: 'report.downloadRequested', format })}
              >
                {t(format === 'pdf' ? 'reports.downloadPdf' : 'reports.downloadCsv')}
              </Button>
            ))}
          </div>
          {busy === 'downloading' && <p role="status">{t('reports.downloading')}</p>}
          {departments.length === 0 && <p>{t('reports.noCases')}</p>}
          {departments.map((department) => (
            <ReportCase
              key={`${department.hexacode}.${department.department}.${department.subDepartment}`}
              reports={reports}
              department={department}
            />
          ))}
        </>
      )}
      {view !== 'starting' && view !== 'unavailable' && <SchedulesSection reports={reports} />}
    </section>
  );
}

/** The store and the period, sent when the user asks for the report (Enter in a field too). */
function ChoiceForm({ reports }: { reports: ReportsActor }) {
  const t = useT();
  const stores = useSelector(reports, selectStores);
  const store = useSelector(reports, selectStore);
  const from = useSelector(reports, selectFrom);
  const to = useSelector(reports, selectTo);
  const canRequest = useSelector(reports, selectCanRequest);
  return (
    <form
      aria-label={t('reports.choice')}
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        reports.send({ type: 'report.requested' });
      }}
    >
      <SelectField
        label={t('reports.store')}
        value={store}
        onValueChange={(value) => reports.send({ type: 'report.storeChosen', store: value })}
      >
        <option value="" disabled>
          {t('reports.chooseStore')}
        </option>
        {storeOptions(stores)}
      </SelectField>
      <DateField
        label={t('reports.from')}
        value={from}
        max={to}
        onValueChange={(value) => reports.send({ type: 'report.periodChosen', from: value, to })}
      />
      <DateField
        label={t('reports.to')}
        value={to}
        min={from}
        onValueChange={(value) => reports.send({ type: 'report.periodChosen', from, to: value })}
      />
      <Button type="submit" disabled={!canRequest}>
        {t('reports.show')}
      </Button>
    </form>
  );
}
