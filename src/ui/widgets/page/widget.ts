import { lazy } from 'react';
import type { WidgetDefinition } from '../definition';

export const pageWidget: WidgetDefinition = {
  type: 'PAGE',
  Renderer: lazy(() => import('./Renderer')),
  editor: { showUnits: true, lineEdit: true },
  data: 'live',
};
