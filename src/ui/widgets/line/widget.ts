import { lazy } from 'react';
import type { WidgetDefinition } from '../definition';

export const lineWidget: WidgetDefinition = {
  type: 'LINE',
  Renderer: lazy(() => import('./Renderer')),
  editor: { showUnits: true, lineEdit: true },
  data: 'live',
};
