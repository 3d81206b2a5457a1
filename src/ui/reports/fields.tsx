import type { InputHTMLAttributes, ReactNode } from 'react';
import type { StoreOption } from '../../machines/reports/reports.setup';

const FIELD = 'rounded border border-muted/40 bg-surface px-3 py-2 focus:border-primary';

/** A labelled choice (the label names the control for assistive technology). */
export function SelectField({
  label,
  value,
  onValueChange,
  invalid,
  children,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  invalid?: boolean;
  children: ReactNode;
}) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
      {label}
      <select
        className={FIELD}
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(event) => onValueChange(event.target.value)}
      >
        {children}
      </select>
    </label>
  );
}

/** A labelled calendar day (yyyy-MM-dd), typed or picked with the browser's own date control. */
export function DateField({
  label,
  onValueChange,
  ...input
}: { label: string; onValueChange: (value: string) => void } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'min' | 'max'
>) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <input type="date" className={FIELD} {...input} onChange={(event) => onValueChange(event.target.value)} />
    </label>
  );
}

export const storeOptions = (stores: readonly StoreOption[]) =>
  stores.map((s) => (
    <option key={s.hexacode} value={s.hexacode}>
      {s.name}
    </option>
  ));
