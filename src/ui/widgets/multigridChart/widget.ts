import { lazy } from 'react';
import { historyChartWidget } from '../history/chartWidget';

export const multigridChartWidget = historyChartWidget(
  'MULTIGRID_CHART',
  lazy(() => import('./Renderer')),
);
