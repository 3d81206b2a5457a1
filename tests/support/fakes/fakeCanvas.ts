import { afterAll, beforeAll } from 'vitest';

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

/**
 * Installs the fake 2D context for the whole file that calls this. Not a spy: restoring mocks between tests must
 * never leave a chart that mounts late (a lazy renderer on a busy machine) without a context.
 */
export function installFakeCanvas() {
  const original = HTMLCanvasElement.prototype.getContext;
  beforeAll(() => {
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement) {
      return fakeContext(this);
    } as unknown as HTMLCanvasElement['getContext'];
  });
  afterAll(() => {
    HTMLCanvasElement.prototype.getContext = original;
  });
}
