import type { ReactNode } from 'react';

/**
 * A line under a field or a form: its error, or its hint. With an `id`, the field's `aria-describedby` reads it with
 * the field; an error without one is announced as it appears. Nothing is drawn when there is nothing to say.
 */
export function FieldNote({
  id,
  hint = false,
  children,
}: {
  id?: string;
  hint?: boolean;
  children: ReactNode;
}) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p
      id={id}
      role={id || hint ? undefined : 'alert'}
      className={`text-sm ${hint ? 'text-muted' : 'text-error'}`}
    >
      {children}
    </p>
  );
}
