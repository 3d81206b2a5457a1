import { lazy } from 'react';
import type { WidgetDefinition } from '../definition';
import TableEditor from './Editor';

export const tableWidget: WidgetDefinition = {
  type: 'TABLE',
  Renderer: lazy(() => import('./Renderer')),
  editor: { Details: TableEditor },
  data: 'live',
};
