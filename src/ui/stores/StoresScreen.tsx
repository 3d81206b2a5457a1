import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link } from 'wouter';
import { selectStoresActor } from '../../machines/app/app.selectors';
import {
  selectIsRefreshing,
  selectIsStale,
  selectStores,
  selectView,
  storePath,
} from '../../machines/stores/stores.selectors';
import type { storesMachine } from '../../machines/stores/storesMachine';
import type { FleetRow } from '#contracts';
import { reportsPath } from '../../services/reportAddress';
import { AppActor } from '../appActor';
import { useT } from '../i18n';
import { Loading } from '../Loading';
import { Button } from '../primitives/Button';
import { ErrorAlert, RetryAlert } from '../primitives/ErrorAlert';

/** /stores: the chain at a glance, worst first (the app runs its workflow while the route is here). */
export default function StoresScreen() {
  const stores = AppActor.useSelector(selectStoresActor);
  return stores ? <StoresList stores={stores} /> : <Loading />;
}

function StoresList({ stores }: { stores: ActorRefFrom<typeof storesMachine> }) {
  const t = useT();
  const view = useSelector(stores, selectView);
  const rows = useSelector(stores, selectStores);
  const refreshing = useSelector(stores, selectIsRefreshing);
  const stale = useSelector(stores, selectIsStale);
  return (
    <section aria-labelledby="stores-title" className="flex flex-col gap-3 p-3 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="stores-title" className="text-2xl font-semibold">
          {t('stores.title')}
        </h1>
        {view === 'shown' && (
          <Button
            variant="quiet"
            disabled={refreshing}
            onClick={() => stores.send({ type: 'stores.refresh' })}
          >
            {t('stores.refresh')}
          </Button>
        )}
      </div>
      {view === 'loading' && <p role="status">{t('stores.loading')}</p>}
      {view === 'failed' && (
        <RetryAlert retryLabel={t('stores.retry')} onRetry={() => stores.send({ type: 'stores.retry' })}>
          {t('stores.loadFailed')}
        </RetryAlert>
      )}
      {view === 'shown' && stale && <ErrorAlert>{t('stores.stale')}</ErrorAlert>}
      {view === 'shown' && rows.length === 0 && <p>{t('stores.none')}</p>}
      {view === 'shown' && rows.length > 0 && (
        <ol aria-label={t('stores.list')} className="flex flex-col gap-2">
          {rows.map((row) => (
            <StoreCard key={row.hexacode} row={row} />
          ))}
        </ol>
      )}
    </section>
  );
}

function StoreCard({ row }: { row: FleetRow }) {
  const t = useT();
  const path = storePath(row);
  const alarmed = row.activeAlarms > 0;
  const worst = row.furthestAboveLimit;
  return (
    <li
      aria-label={row.name}
      className={`rounded border border-line bg-surface-raised p-3 ${alarmed ? 'border-l-4 border-l-error' : ''}`}
    >
      <h2 className="text-lg font-semibold break-words">
        {path ? (
          <Link href={path} className="inline-flex min-h-11 items-center underline-offset-2 hover:underline">
            {row.name}
          </Link>
        ) : (
          row.name
        )}
      </h2>
      <dl className="mt-1 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <Figure label={t('stores.devices')}>
          {t('stores.devicesOnline', { online: row.devicesOnline, total: row.devicesTotal })}
        </Figure>
        <Figure label={t('stores.alarms')}>
          {t('stores.alarmCounts', { active: row.activeAlarms, unacknowledged: row.unacknowledgedAlarms })}
        </Figure>
        <Figure label={t('stores.worstCase')}>
          {worst
            ? t('stores.caseAgainstLimit', {
                name: `${worst.deviceName} ${worst.department}.${worst.subDepartment}`,
                temperature: worst.temperature,
                limit: worst.limit,
                excess: worst.excess,
              })
            : t('stores.noCase')}
        </Figure>
        <Figure label={t('stores.timeInLimits')}>
          {row.timeInLimitsPct === null
            ? t('stores.noCase')
            : t('stores.percent', { value: row.timeInLimitsPct })}
        </Figure>
        <Figure label={t('stores.oldestValue')}>
          {row.oldestValueAgeSeconds === null
            ? t('stores.noValues')
            : t('stores.age', { seconds: row.oldestValueAgeSeconds })}
        </Figure>
      </dl>
      <Link
        href={reportsPath({ store: row.hexacode })}
        aria-label={t('reports.storeReportOf', { name: row.name })}
        className="mt-2 inline-block text-sm underline underline-offset-2"
      >
        {t('reports.storeReport')}
      </Link>
    </li>
  );
}

function Figure({ label, children }: { label: string; children: string }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-muted">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
