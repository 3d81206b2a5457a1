import { lazy } from 'react';
import { historyChartWidget } from '../history/chartWidget';

export const multipleYChartWidget = historyChartWidget(
  'MULTIPLE_Y_CHART',
  lazy(() => import('./Renderer')),
);
