import { lazy } from 'react';
import { historyChartWidget } from '../history/chartWidget';

export const lineChartWidget = historyChartWidget(
  'LINE_CHART',
  lazy(() => import('./Renderer')),
);
