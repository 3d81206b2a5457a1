import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import type { AuditTrailEvent } from '../../../machines/auditTrail/auditTrail.events';
import {
  selectBusy,
  selectEntryCount,
  selectFailure,
  selectHasOlder,
  selectIdle,
  selectView,
  type AuditTrailActor,
} from '../../../machines/auditTrail/auditTrail.selectors';
import { useT } from '../../i18n';
import { Button } from '../../primitives/Button';
import { Dialog } from '../../primitives/Dialog';
import { ErrorAlert } from '../../primitives/ErrorAlert';
import { AuditChainCheck } from './AuditChainCheck';
import { AuditEntries } from './AuditEntries';
import { AuditFilters } from './AuditFilters';

/**
 * The audit trail for administrators (issue 30): who changed what and when, newest first, narrowed by filters, a
 * page at a time, saved as CSV for an auditor.
 */
export default function AuditTrailDialog({ actor: anyActor }: { actor: AnyActorRef }) {
  const actor = anyActor as AuditTrailActor;
  const t = useT();
  const view = useSelector(actor, selectView);
  const busy = useSelector(actor, selectBusy);
  const idle = useSelector(actor, selectIdle);
  const failure = useSelector(actor, selectFailure);
  const hasOlder = useSelector(actor, selectHasOlder);
  const count = useSelector(actor, selectEntryCount);
  const send = (event: AuditTrailEvent) => actor.send(event);
  const close = () => send({ type: 'auditTrail.close' });

  return (
    <Dialog
      title={t('audit.title')}
      width="max-w-[800px]"
      onClose={close}
      onSubmit={() => send({ type: view === 'loadFailed' ? 'auditTrail.retry' : 'auditTrail.filterApplied' })}
      footer={
        <>
          <Button variant="quiet" onClick={close}>
            {t('audit.close')}
          </Button>
          {view === 'shown' ? (
            <Button
              variant="quiet"
              disabled={!idle}
              onClick={() => send({ type: 'auditTrail.downloadRequested' })}
            >
              {t('audit.download')}
            </Button>
          ) : null}
          {view === 'loadFailed' ? <Button type="submit">{t('audit.retry')}</Button> : null}
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {view === 'loadFailed' ? null : <AuditFilters actor={actor} />}
        {view === 'loading' ? <p role="status">{t('audit.loading')}</p> : null}
        {view === 'loadFailed' ? <ErrorAlert>{t('audit.loadFailed')}</ErrorAlert> : null}
        {busy === 'download' ? <p role="status">{t('audit.downloading')}</p> : null}
        {failure ? <ErrorAlert>{t(`audit.failed.${failure}`)}</ErrorAlert> : null}
        {view === 'shown' ? (
          <>
            <AuditChainCheck actor={actor} />
            {count > 0 ? <p className="text-sm text-muted">{t('audit.count', { count })}</p> : null}
            <AuditEntries actor={actor} />
            {hasOlder ? (
              <div>
                <Button
                  variant="quiet"
                  disabled={!idle}
                  onClick={() => send({ type: 'auditTrail.olderRequested' })}
                >
                  {busy === 'older' ? t('audit.loadingOlder') : t('audit.older')}
                </Button>
              </div>
            ) : null}
          </>
        ) : null}
      </div>
    </Dialog>
  );
}
