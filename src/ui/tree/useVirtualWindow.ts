import { useEffect, useState, type RefObject } from 'react';

/** SPEC §9: sidebar items are at least 40 px high and 200 px are rendered beyond each edge. */
export const ROW_HEIGHT_PX = 40;
const BUFFER_PX = 200;
// Until the viewport is measured (and under jsdom, which has no layout) assume a tall screen.
const FALLBACK_VIEWPORT_PX = 1000;

/** Scrolls `viewport` just enough for row `index` to be fully visible (its scroll event moves the window). */
export function scrollRowIntoView(viewport: HTMLElement | null, index: number) {
  if (!viewport) return;
  const top = index * ROW_HEIGHT_PX;
  const visible = viewport.clientHeight || FALLBACK_VIEWPORT_PX;
  if (top < viewport.scrollTop) viewport.scrollTop = top;
  else if (top + ROW_HEIGHT_PX > viewport.scrollTop + visible)
    viewport.scrollTop = top + ROW_HEIGHT_PX - visible;
}

/**
 * Fixed-height windowing: only the rows inside the viewport plus the buffer exist in the DOM, so a tree of
 * thousands of rows scrolls as smoothly as one of ten.
 */
export function useVirtualWindow(viewport: RefObject<HTMLElement | null>, count: number) {
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(FALLBACK_VIEWPORT_PX);

  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const measure = () => setHeight(element.clientHeight || FALLBACK_VIEWPORT_PX);
    const scrolled = () => setScrollTop(element.scrollTop);
    measure();
    element.addEventListener('scroll', scrolled, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', scrolled);
      observer?.disconnect();
    };
  }, [viewport]);

  const first = Math.max(0, Math.floor((scrollTop - BUFFER_PX) / ROW_HEIGHT_PX));
  const last = Math.min(count, Math.ceil((scrollTop + height + BUFFER_PX) / ROW_HEIGHT_PX));

  return { first, last, totalHeight: count * ROW_HEIGHT_PX };
}
