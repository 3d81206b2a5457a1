import type { ReactNode } from 'react';

/**
 * The box a table scrolls in, so a wide table scrolls inside itself on a phone and the page never scrolls sideways.
 * It is focusable and named (a region) because a keyboard user can only scroll what takes focus (axe rule
 * scrollable-region-focusable), and a screen reader announces where that focus went.
 */
export function ScrollRegion({
  label,
  className = '',
  busy,
  children,
}: {
  /** What scrolls, usually the table's own name. */
  label: string;
  /** Layout within the parent (flex growth, a maximum height). */
  className?: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      aria-busy={busy}
      // A scroll box is the sanctioned exception: it must take focus for the keyboard to scroll it.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={`overflow-auto focus-visible:outline-2 focus-visible:outline-primary ${className}`}
    >
      {children}
    </div>
  );
}
