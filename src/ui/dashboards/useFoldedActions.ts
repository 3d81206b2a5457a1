import { useCallback, useRef, useState } from 'react';

// The title keeps at least this much of the header (about eight characters) before the actions fold.
const MIN_TITLE_PX = 96;

const widthOf = (element: Element) => element.getBoundingClientRect().width;

/**
 * Whether a widget header's actions fold into one menu: when in a row they would leave the title less than
 * MIN_TITLE_PX. Measured on the header itself, not the window: a widget's cell can be narrow on the widest screen,
 * and the row's width depends on the widget (a chart in edit mode has six buttons, 44 px each on a touch screen).
 * The row's width is remembered from when it was shown, so a folded header knows when the row fits again (a new
 * set of actions, as in edit mode, needs a new header: WidgetFrame keys it).
 * Unfolded until the first measurement (and where ResizeObserver is missing).
 */
export function useFoldedActions() {
  const [folded, setFolded] = useState(false);
  const foldedNow = useRef(false);
  const rowWidth = useRef(0);
  const title = useRef<HTMLHeadingElement | null>(null);
  const actions = useRef<HTMLDivElement | null>(null);

  const measure = useCallback(() => {
    if (!title.current || !actions.current) return;
    const shown = widthOf(actions.current);
    if (!foldedNow.current) rowWidth.current = shown;
    // What the title would have with the row shown: its width now, plus what the menu button takes, minus the row.
    const fold = widthOf(title.current) + shown - rowWidth.current < MIN_TITLE_PX;
    foldedNow.current = fold;
    setFolded(fold);
  }, []);

  // Watches the header (the widget resized) and the actions (a type's own appear once its data is there).
  const headerRef = useCallback(
    (header: HTMLElement | null) => {
      if (!header || typeof ResizeObserver === 'undefined') return;
      const observer = new ResizeObserver(measure);
      observer.observe(header);
      if (actions.current) observer.observe(actions.current);
      return () => observer.disconnect();
    },
    [measure],
  );
  return { folded, headerRef, titleRef: title, actionsRef: actions };
}
