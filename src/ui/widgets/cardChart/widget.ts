import { lazy } from 'react';
import type { WidgetDefinition } from '../definition';
import CardChartEditor from './Editor';

export const cardChartWidget: WidgetDefinition = {
  type: 'CARD_CHART',
  Renderer: lazy(() => import('./Renderer')),
  editor: { Element: CardChartEditor, interval: true, showUnits: true },
  data: 'live',
};
