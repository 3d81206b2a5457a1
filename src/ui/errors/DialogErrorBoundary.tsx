import type { ReactNode } from 'react';
import { useT } from '../i18n';
import { RetryBoundary } from './RetryBoundary';

/**
 * A dialog mounted beside the screens (by the layout or the sidebar): a failure shows a small notice over the
 * page instead of taking the layout with it; the dialog's workflow waits until Retry shows it again.
 */
export function DialogErrorBoundary({ name, children }: { name: string; children: ReactNode }) {
  const t = useT();
  return (
    <RetryBoundary
      what={`The ${name} dialog`}
      title={t('failure.dialog')}
      level={2}
      className="fixed bottom-4 left-4 z-50 max-w-md rounded bg-surface-raised p-4 text-on-surface shadow-lg"
    >
      {children}
    </RetryBoundary>
  );
}
