import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { ROUTES } from '../../machines/app/routes';
import { useT } from '../i18n';
import { RetryBoundary } from './RetryBoundary';

/** One routed screen: a failure replaces only the screen, offers Retry and home, and another route starts over. */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  const t = useT();
  const [location] = useLocation();
  return (
    <RetryBoundary
      what={`The screen of ${location}`}
      title={t('failure.screen')}
      level={1}
      resetKeys={[location]}
      className="p-8"
      actions={
        <Link href={ROUTES.home} className="px-4 py-2 text-primary underline">
          {t('failure.home')}
        </Link>
      }
    >
      {children}
    </RetryBoundary>
  );
}
