import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'quiet';

/**
 * A primary button marks hover with a halo, not by fading: a faded tenant colour can fall below 4.5:1 under its text
 * (axe found it in acme's light theme).
 */
const VARIANTS: Record<Variant, string> = {
  primary:
    'bg-primary text-on-primary hover:shadow-md hover:ring-2 hover:ring-primary/40 disabled:opacity-60 disabled:shadow-none disabled:ring-0',
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
