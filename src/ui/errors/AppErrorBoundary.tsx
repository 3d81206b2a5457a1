import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { FailureNotice, failureMessage, logFailure } from './FailureNotice';

/**
 * The last resort, for failures outside every screen, widget and dialog boundary: the app's state may be
 * broken, so the way out is a fresh start.
 */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <ErrorBoundary
      onError={logFailure('The app')}
      fallbackRender={({ error }) => (
        <main className="flex min-h-screen items-center justify-center p-8">
          <FailureNotice
            title={t('failure.app')}
            message={failureMessage(error)}
            hint={t('failure.appHint')}
            level={1}
          >
            <Button onClick={() => window.location.reload()}>{t('failure.reload')}</Button>
          </FailureNotice>
        </main>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
