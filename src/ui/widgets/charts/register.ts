import { Chart, Legend, Tooltip } from 'chart.js';
import annotationPlugin from 'chartjs-plugin-annotation';

/**
 * The chart.js plugins every chart of the product runs with, registered before any chart is made: each chart
 * renderer imports this first. A plugin registered while other charts are drawn (a history chart's chunk
 * loading after a bar chart was up) runs its update hooks on charts it never initialised, and
 * chartjs-plugin-annotation then throws ("Cannot set properties of undefined (setting 'annotations')"). It
 * cannot be given to a chart alone: it works only registered.
 */
Chart.register(Legend, Tooltip, annotationPlugin);
