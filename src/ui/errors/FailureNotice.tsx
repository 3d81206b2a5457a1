import type { ErrorInfo, ReactNode } from 'react';
import { getErrorMessage } from 'react-error-boundary';

/** What was thrown, as the operator reads it: an Error's message, else the value itself. */
export const failureMessage = (error: unknown): string => getErrorMessage(error) ?? String(error);

/** A boundary's onError: the failure stays findable in the console with where it happened. */
export const logFailure = (what: string) => (error: unknown, info: ErrorInfo) =>
  console.error(`${what} could not be shown`, error, info.componentStack);

interface FailureNoticeProps {
  title: string;
  message: string;
  /** Heading level within the surrounding outline (a screen's is 1, a widget's 3). */
  level: 1 | 2 | 3;
  /** What the operator can do about it, said in words. */
  hint?: string;
  className?: string;
  /** The actions (Retry, a link home…). */
  children?: ReactNode;
}

/** Says what failed and why in place of what could not be shown, announced to assistive technology. */
export function FailureNotice({ title, message, level, hint, className = '', children }: FailureNoticeProps) {
  const Heading = `h${level}` as const;
  return (
    <div role="alert" className={`flex min-w-0 flex-col items-start gap-2 ${className}`}>
      <Heading className="font-semibold">{title}</Heading>
      <p className="break-words text-muted">{message}</p>
      {hint ? <p className="text-sm">{hint}</p> : null}
      {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
    </div>
  );
}
