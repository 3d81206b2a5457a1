import { lazy } from 'react';
import type { WidgetDefinition } from '../definition';
import BarChartEditor from './Editor';

export const barChartWidget: WidgetDefinition = {
  type: 'BAR_CHART',
  Renderer: lazy(() => import('./Renderer')),
  editor: { Details: BarChartEditor, showUnits: true },
  data: 'live',
};
