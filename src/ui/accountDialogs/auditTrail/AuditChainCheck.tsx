import { useSelector } from '@xstate/react';
import {
  selectBusy,
  selectChainBreak,
  selectChainBrokenAt,
  selectChainEntries,
  selectChainState,
  selectIdle,
  type AuditTrailActor,
} from '../../../machines/auditTrail/auditTrail.selectors';
import { useT } from '../../i18n';
import { Button } from '../../primitives/Button';

/**
 * The check an auditor asks for: is the trail whole? The server walks the hash chain from the first entry to the
 * last; the answer says so, or names the first entry where it stops holding and why.
 */
export function AuditChainCheck({ actor }: { actor: AuditTrailActor }) {
  const t = useT();
  const idle = useSelector(actor, selectIdle);
  const checking = useSelector(actor, selectBusy) === 'chain';
  const state = useSelector(actor, selectChainState);
  const entries = useSelector(actor, selectChainEntries);
  const brokenAt = useSelector(actor, selectChainBrokenAt);
  const reason = useSelector(actor, selectChainBreak);
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <Button
        variant="quiet"
        disabled={!idle}
        onClick={() => actor.send({ type: 'auditTrail.chainCheckRequested' })}
      >
        {t('audit.chain.check')}
      </Button>
      <p role="status" className={state === 'broken' && !checking ? 'font-semibold text-error' : ''}>
        {checking
          ? t('audit.chain.checking')
          : state === 'intact'
            ? t('audit.chain.intact', { entries })
            : state === 'broken' && reason
              ? t('audit.chain.broken', { seq: brokenAt, reason: t(`audit.chain.reason.${reason}`) })
              : ''}
      </p>
    </div>
  );
}
