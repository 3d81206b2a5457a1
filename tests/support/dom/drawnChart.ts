import { Chart } from 'chart.js';
import { vi } from 'vitest';

/**
 * The chart.js chart drawn on a canvas. The canvas is in the page before chart.js mounts on it (react-chartjs-2
 * makes the chart in an effect), and a loaded machine can show the one without the other: wait for the chart.
 */
export const drawnChart = (canvas: HTMLElement) =>
  vi.waitFor(
    () => Chart.getChart(canvas as HTMLCanvasElement) ?? Promise.reject(new Error('no chart drawn yet')),
  );
