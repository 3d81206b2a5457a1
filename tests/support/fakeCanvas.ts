import { afterEach, beforeEach, vi } from 'vitest';

/**
 * jsdom has no canvas: a 2D context that accepts chart.js's drawing calls and draws nothing, so a chart
 * mounts and updates as in a browser. What a test checks is what assistive technology gets and the chart's
 * data and options.
 */
function fakeContext(canvas: HTMLCanvasElement) {
  const state: Record<PropertyKey, unknown> = { canvas };
  return new Proxy(state, {
    get: (target, property) =>
      property in target
        ? target[property]
        : property === 'measureText'
          ? // About what 12 px text measures, so a time axis picks a unit as in a browser.
            (text: string) => ({ width: String(text).length * 6 })
          : () => ({ addColorStop: () => {} }),
    set: (target, property, value) => {
      target[property] = value;
      return true;
    },
  });
}

/** Installs the fake 2D context around each test of the file that imports this. */
export function installFakeCanvas() {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
      this: HTMLCanvasElement,
    ) {
      return fakeContext(this);
    } as unknown as HTMLCanvasElement['getContext']);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}
