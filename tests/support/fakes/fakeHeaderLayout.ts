import { act } from '@testing-library/react';
import { afterAll, beforeAll, vi } from 'vitest';

/**
 * jsdom lays nothing out, so a widget header's layout is faked here: the header is as wide as the test says, each
 * of its buttons is `button` px (32, or 44 on a touch screen) with 4 px gaps, and the title takes what is left
 * after the 12 px paddings. A ResizeObserver reports when the test resizes the header; frames mounted after the
 * last report (the fullscreen one) get none and keep their buttons in a row, as on a real full screen.
 */
export function installFakeHeaderLayout() {
  const layout = { header: 0, button: 32 };
  const observers = new Set<ResizeObserverCallback>();
  class FakeResizeObserver {
    constructor(private readonly callback: ResizeObserverCallback) {
      observers.add(callback);
    }
    observe() {}
    unobserve() {}
    disconnect() {
      observers.delete(this.callback);
    }
  }
  const rowOf = (actions: Element) => {
    const count = actions.querySelectorAll('button').length;
    return count * layout.button + Math.max(0, count - 1) * 4;
  };
  const widthOf = (element: Element) => {
    const header = element.parentElement?.tagName === 'HEADER' ? element.parentElement : null;
    if (element.tagName === 'HEADER') return layout.header;
    if (!header) return 0;
    if (element.tagName === 'H2') return layout.header - 24 - 4 - rowOf(element.nextElementSibling!);
    return rowOf(element);
  };
  const originalObserver = globalThis.ResizeObserver;
  beforeAll(() => {
    globalThis.ResizeObserver = FakeResizeObserver as unknown as typeof ResizeObserver;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      return { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, height: 0, width: widthOf(this) } as DOMRect;
    });
  });
  afterAll(() => {
    globalThis.ResizeObserver = originalObserver;
    vi.restoreAllMocks();
  });
  /** Every widget header is now `width` px wide, its buttons `button` px. */
  return (width: number, button = 32) =>
    act(() => {
      layout.header = width;
      layout.button = button;
      for (const callback of [...observers]) callback([], {} as ResizeObserver);
    });
}
