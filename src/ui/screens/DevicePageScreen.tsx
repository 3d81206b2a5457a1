import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  selectDepartmentName,
  selectIsRefreshing,
  selectLineEditActor,
  selectAddress,
  selectLines,
  selectLinesStatus,
  selectShowRealtimeNote,
  selectTitle,
  selectView,
} from '../../machines/devicePage/devicePage.selectors';
import type { devicePageMachine } from '../../machines/devicePage/devicePageMachine';
import {
  selectDenseLines,
  selectFactorySettingsLines,
  selectLineFontPx,
  selectPageRefreshOnRequest,
} from '../../machines/app/app.selectors';
import { AppActor } from '../appActor';
import { LineRows } from '../devicePage/LineRows';
import { useLiveness } from '../live/liveness';
import { LineDetailsDialog } from '../dialogs/LineDetailsDialog';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { useSystemActor } from '../useSystemActor';
import { SYSTEM_IDS } from '../../machines/systemIds';

/**
 * Device page view (SPEC §2). The app machine opens the page in the devicePage actor on route changes;
 * this view only renders what that actor holds and sends the operator's events.
 */
export function DevicePageScreen() {
  const t = useT();
  const page = useSystemActor<ActorRefFrom<typeof devicePageMachine>>(SYSTEM_IDS.devicePage);
  const view = useSelector(page, selectView);
  const title = useSelector(page, selectTitle);
  const department = useSelector(page, selectDepartmentName);
  const lines = useSelector(page, selectLines);
  const liveness = useLiveness(page, useSelector(page, selectAddress));
  const linesStatus = useSelector(page, selectLinesStatus);
  const realtimeNote = useSelector(page, selectShowRealtimeNote);
  const refreshing = useSelector(page, selectIsRefreshing);
  const lineEdit = useSelector(page, selectLineEditActor);
  const refreshOnRequest = AppActor.useSelector(selectPageRefreshOnRequest);
  const dense = AppActor.useSelector(selectDenseLines);
  const fontPx = AppActor.useSelector(selectLineFontPx);
  const refresh = () => page.send({ type: 'page.refresh' });
  useReloadOnFactoryLinesChange(page);

  return (
    <section className="flex flex-col gap-4 p-6" aria-busy={view === 'loading' || refreshing}>
      <header className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">{title}</h1>
        {view === 'loaded' && refreshOnRequest ? (
          <Button variant="quiet" onClick={refresh} disabled={refreshing}>
            {t('devicePage.refresh')}
          </Button>
        ) : null}
      </header>
      {realtimeNote ? <p className="rounded bg-info/15 px-4 py-2">{t('devicePage.realtimeNote')}</p> : null}
      {view === 'lookingUp' || view === 'loading' ? (
        <p role="status" className="text-muted">
          {t('devicePage.loading')}
        </p>
      ) : null}
      {view === 'offline' ? (
        <p role="status" className="rounded bg-info/15 px-4 py-3">
          {t('devicePage.offline', { department })}
        </p>
      ) : null}
      {view === 'failed' ? (
        <div role="alert" className="flex items-center gap-4">
          <span>{t('devicePage.loadFailed', { department })}</span>
          <Button variant="quiet" onClick={refresh}>
            {t('devicePage.retry')}
          </Button>
        </div>
      ) : null}
      {view === 'loaded' && lines.length === 0 ? (
        <p className="text-muted">
          {linesStatus && linesStatus !== 'OK' ? t(`lineStatus.${linesStatus}`) : t('devicePage.noLines')}
        </p>
      ) : null}
      {view === 'loaded' && lines.length > 0 ? (
        <LineRows
          lines={lines}
          look={{ dense, fontPx }}
          liveness={liveness}
          onSelect={(lineNumber) => page.send({ type: 'line.select', lineNumber })}
        />
      ) : null}
      {lineEdit ? <LineDetailsDialog actor={lineEdit} /> : null}
    </section>
  );
}

/**
 * The server sends factory-settings lines only while the account setting is on: once it changes (saved in the
 * account settings), the open page is read again so they appear or go without a reload.
 */
function useReloadOnFactoryLinesChange(page: ActorRefFrom<typeof devicePageMachine>) {
  const factoryLines = AppActor.useSelector(selectFactorySettingsLines);
  const shown = useRef(factoryLines);
  useEffect(() => {
    if (shown.current === factoryLines) return;
    shown.current = factoryLines;
    page.send({ type: 'page.refresh' });
  }, [factoryLines, page]);
}
