import { useSyncExternalStore } from 'react';
import { BREAKPOINT_WIDTHS } from '#contracts/widgets/common';

/** Below the md breakpoint of SPEC §9 (960 px) the sidebar leaves the page and becomes a drawer. */
const NARROW = `(max-width: ${BREAKPOINT_WIDTHS.md - 0.02}px)`;

function subscribe(onChange: () => void) {
  const query = window.matchMedia?.(NARROW);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

// A browser without media queries (none we support) is treated as wide: the sidebar stays in place.
const isNarrow = () => window.matchMedia?.(NARROW).matches ?? false;

export const useNarrowScreen = () => useSyncExternalStore(subscribe, isNarrow);
