import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldNote } from './FieldNote';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'id'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Already translated error text; shown under the field and announced with it. */
  error?: string | null;
  /** Control placed inside the field's right edge (the password visibility toggle). */
  trailing?: ReactNode;
  /** Already translated help under the field (what it accepts), read with it by screen readers. */
  hint?: string | null;
}

export function TextField({
  label,
  value,
  onValueChange,
  error,
  trailing,
  hint,
  ...inputProps
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className="w-full rounded border border-muted/40 bg-surface px-3 py-2 outline-none focus:border-primary aria-invalid:border-error"
          {...inputProps}
        />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
      <FieldNote id={hintId} hint>
        {hint}
      </FieldNote>
      <FieldNote id={errorId}>{error}</FieldNote>
    </div>
  );
}
