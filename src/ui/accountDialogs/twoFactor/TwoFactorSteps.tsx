import { useSelector } from '@xstate/react';
import {
  selectCode,
  selectCodeError,
  selectCopied,
  selectCopyFailed,
  selectIsCopying,
  selectQrCode,
  selectSecret,
} from '../../../machines/twoFactorSetup/twoFactorSetup.selectors';
import { useMessageText, useT } from '../../i18n';
import { Button } from '../../primitives/Button';
import { SecurityCodeField } from '../../screens/SecurityCodeField';
import type { TwoFactorSetupActor } from '../../../machines/twoFactorSetup/twoFactorSetup.selectors';

/** Step 1: the QR code of the otpauth URI, for an authenticator app to scan. */
export function ScanStep({ actor }: { actor: TwoFactorSetupActor }) {
  const t = useT();
  const qrCode = useSelector(actor, selectQrCode);
  return (
    <>
      <p>{t('twoFactor.scanHint')}</p>
      {/* White around the code whatever the theme: scanners need the quiet zone light. */}
      <img
        src={qrCode}
        alt={t('twoFactor.qrAlt')}
        width={200}
        height={200}
        className="mx-auto rounded bg-white p-2 [image-rendering:pixelated]"
      />
    </>
  );
}

/** Step 2: the secret to type into the app by hand, with a copy button that says how it went. */
export function SecretStep({ actor }: { actor: TwoFactorSetupActor }) {
  const t = useT();
  const secret = useSelector(actor, selectSecret);
  const copying = useSelector(actor, selectIsCopying);
  const copied = useSelector(actor, selectCopied);
  const copyFailed = useSelector(actor, selectCopyFailed);
  return (
    <>
      <p>{t('twoFactor.secretHint')}</p>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium">{t('twoFactor.secretLabel')}</span>
        <code className="rounded bg-muted/15 px-2 py-1 font-mono break-all select-all">{secret}</code>
        <Button variant="quiet" onClick={() => actor.send({ type: 'twoFactor.copy' })} disabled={copying}>
          {t('twoFactor.copy')}
        </Button>
      </div>
      <p role="status" className={copyFailed ? 'text-sm text-error' : 'text-sm text-muted'}>
        {copied ? t('twoFactor.copied') : copyFailed ? t('twoFactor.copyFailed') : ''}
      </p>
    </>
  );
}

/** Step 3: the 6-digit code the app shows now; SPEC §8's message when the server does not accept it. */
export function CodeStep({ actor }: { actor: TwoFactorSetupActor }) {
  const t = useT();
  const text = useMessageText();
  const code = useSelector(actor, selectCode);
  const error = useSelector(actor, selectCodeError);
  return (
    <SecurityCodeField
      label={t('twoFactor.code')}
      hint={t('twoFactor.codeHint')}
      value={code}
      onValueChange={(value) => actor.send({ type: 'twoFactor.editCode', value })}
      error={error && text(error)}
    />
  );
}
