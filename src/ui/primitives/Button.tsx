import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'quiet';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-primary text-on-primary hover:opacity-90 disabled:opacity-60',
  quiet: 'text-on-surface hover:bg-muted/15',
};

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type={type}
      className={`rounded px-4 py-2 font-medium transition ${VARIANTS[variant]} ${className}`}
      {...props}
    />
  );
}
