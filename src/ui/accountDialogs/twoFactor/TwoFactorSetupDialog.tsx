import { useSelector } from '@xstate/react';
import type { MessageId } from '../../../i18n/messages';
import {
  selectIsLoading,
  selectIsVerifying,
  selectLoadFailed,
  selectStep,
  type TwoFactorSetupActor,
} from '../../../machines/twoFactorSetup/twoFactorSetup.selectors';
import { useT } from '../../i18n';
import { Button } from '../../primitives/Button';
import { Dialog } from '../../primitives/Dialog';
import { CodeStep, ScanStep, SecretStep } from './TwoFactorSteps';

const STEP_NAMES: readonly MessageId[] = ['twoFactor.stepScan', 'twoFactor.stepSecret', 'twoFactor.stepCode'];

/** SPEC §2's two-factor QR setup: scan (1), or type the secret (2), then confirm with a code (3). */
export function TwoFactorSetupDialog({ actor }: { actor: TwoFactorSetupActor }) {
  const t = useT();
  const step = useSelector(actor, selectStep);
  const loading = useSelector(actor, selectIsLoading);
  const loadFailed = useSelector(actor, selectLoadFailed);
  const verifying = useSelector(actor, selectIsVerifying);
  const send = actor.send;
  const cancel = () => send({ type: 'twoFactor.cancel' });
  // Enter does what the step's primary button does.
  const submit = () =>
    send({ type: loadFailed ? 'twoFactor.retry' : step === 3 ? 'twoFactor.submit' : 'twoFactor.next' });

  return (
    <Dialog
      title={t('twoFactor.title')}
      onClose={() => (verifying ? undefined : cancel())}
      onSubmit={submit}
      footer={
        <>
          <Button variant="quiet" onClick={cancel} disabled={verifying}>
            {t('dialog.cancel')}
          </Button>
          {step >= 2 ? (
            <Button variant="quiet" onClick={() => send({ type: 'twoFactor.back' })} disabled={verifying}>
              {t('twoFactor.back')}
            </Button>
          ) : null}
          {loadFailed ? <Button type="submit">{t('twoFactor.retry')}</Button> : null}
          {step === 1 || step === 2 ? <Button type="submit">{t('twoFactor.next')}</Button> : null}
          {step === 3 ? (
            <Button type="submit" disabled={verifying}>
              {verifying ? t('twoFactor.verifying') : t('twoFactor.verify')}
            </Button>
          ) : null}
        </>
      }
    >
      {loading ? (
        <p role="status">{t('twoFactor.loading')}</p>
      ) : loadFailed ? (
        <p role="alert" className="text-error">
          {t('twoFactor.loadFailed')}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <ol aria-label={t('twoFactor.stepOf', { step, total: STEP_NAMES.length })} className="flex gap-2">
            {STEP_NAMES.map((name, index) => (
              <li
                key={name}
                aria-current={index + 1 === step ? 'step' : undefined}
                className="flex-1 border-t-4 border-muted/30 pt-1 text-sm text-muted aria-[current=step]:border-primary aria-[current=step]:font-semibold aria-[current=step]:text-on-surface"
              >
                {t(name)}
              </li>
            ))}
          </ol>
          {step === 1 ? <ScanStep actor={actor} /> : null}
          {step === 2 ? <SecretStep actor={actor} /> : null}
          {step === 3 ? <CodeStep actor={actor} /> : null}
        </div>
      )}
    </Dialog>
  );
}
