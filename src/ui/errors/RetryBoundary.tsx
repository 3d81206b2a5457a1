import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { FailureNotice, failureMessage, logFailure } from './FailureNotice';

interface RetryBoundaryProps {
  /** Names the part in the console ('Widget "Door"'). */
  what: string;
  title: string;
  level: 1 | 2 | 3;
  /** Accessible name of Retry when several could be on screen at once ('Retry Door'). */
  retryLabel?: string;
  /** A change of any of them starts the part over (another route, an edited widget). */
  resetKeys?: unknown[];
  /** More actions beside Retry. */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * Keeps a render failure inside one part of the app: the part shows what failed and a Retry that renders it
 * again, everything around it keeps working.
 */
export function RetryBoundary({
  what,
  title,
  level,
  retryLabel,
  resetKeys,
  actions,
  className,
  children,
}: RetryBoundaryProps) {
  const t = useT();
  return (
    <ErrorBoundary
      onError={logFailure(what)}
      resetKeys={resetKeys}
      fallbackRender={({ error, resetErrorBoundary }) => (
        <FailureNotice title={title} message={failureMessage(error)} level={level} className={className}>
          <Button variant="quiet" aria-label={retryLabel} onClick={() => resetErrorBoundary()}>
            {t('failure.retry')}
          </Button>
          {actions}
        </FailureNotice>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
