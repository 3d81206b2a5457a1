import { useEffect } from 'react';

/**
 * Where focus waits for a control to be enabled again: the nearest of these around it (a widget is an article; a
 * popover such as the alarm menu says so with data-holds-focus).
 */
const HOLDERS = 'form, [role="dialog"], [data-holds-focus], article, main';

interface Hold {
  control: HTMLElement;
  holder: HTMLElement;
  /** The holder had no tabindex: it is given -1 while it holds, and loses it again after. */
  madeFocusable: boolean;
  watch: MutationObserver;
}

/**
 * A control the keyboard is on that becomes disabled (a submit under way, the last page reached) is left by the
 * browser for the page: a keyboard user starts again from the top and a screen reader says nothing. The nearest
 * HOLDERS element around it holds focus instead and hands it back when the control is enabled again (a refusal to
 * read, a retry to press), unless the user has moved on meanwhile. Renders nothing.
 */
export function KeptFocus() {
  useEffect(() => holdFocusOfDisabledControls(document), []);
  return null;
}

function holdFocusOfDisabledControls(doc: Document): () => void {
  let hold: Hold | undefined;
  const release = () => {
    if (!hold) return;
    hold.watch.disconnect();
    if (hold.madeFocusable) hold.holder.removeAttribute('tabindex');
    hold = undefined;
  };
  const handBack = () => {
    const { control, holder } = hold ?? {};
    if (!control || !holder || control.matches(':disabled')) return;
    if (control.isConnected && doc.activeElement === holder) control.focus({ preventScroll: true });
    release();
  };
  // Chromium leaves a control that became disabled at its next rendering, with a focusout that goes nowhere.
  const onFocusOut = (event: FocusEvent) => {
    const control = event.target;
    if (event.relatedTarget !== null || !(control instanceof HTMLElement)) return;
    if (!control.isConnected || !control.matches(':disabled')) return;
    const holder = control.closest<HTMLElement>(HOLDERS);
    if (!holder) return;
    release();
    const madeFocusable = !holder.hasAttribute('tabindex');
    if (madeFocusable) holder.tabIndex = -1;
    holder.focus({ preventScroll: true });
    const watch = new MutationObserver(handBack);
    watch.observe(control, { attributes: true, attributeFilter: ['disabled'] });
    hold = { control, holder, madeFocusable, watch };
  };
  const onFocusIn = (event: FocusEvent) => {
    if (hold && event.target !== hold.holder) release();
  };
  doc.addEventListener('focusout', onFocusOut);
  doc.addEventListener('focusin', onFocusIn);
  return () => {
    release();
    doc.removeEventListener('focusout', onFocusOut);
    doc.removeEventListener('focusin', onFocusIn);
  };
}
