import type { ReactNode } from 'react';
import { Button } from './Button';

/**
 * An error said inline, announced as it appears. The text keeps the surface's own colour (a tenant's error colour
 * on its tint is not always readable: axe found 3:1 in acme's dark theme); the error colour marks the edge.
 */
export function ErrorAlert({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={`rounded border-l-4 border-error bg-error/10 px-3 py-2 text-sm ${className}`}>
      {children}
    </p>
  );
}

/** A failure the user may try again: the error, and under it the button that retries. */
export function RetryAlert({
  children,
  retryLabel,
  onRetry,
}: {
  children: ReactNode;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <>
      <ErrorAlert>{children}</ErrorAlert>
      <div>
        <Button onClick={onRetry}>{retryLabel}</Button>
      </div>
    </>
  );
}
