import { lazy } from 'react';
import type { WidgetDefinition } from '../definition';
import PictographEditor from './Editor';

export const pictographWidget: WidgetDefinition = {
  type: 'PICTOGRAPH',
  Renderer: lazy(() => import('./Renderer')),
  editor: { Element: PictographEditor },
  data: 'live',
};
