import { lazy } from 'react';
import type { WidgetDefinition } from '../definition';
import { HistoryHeader } from '../history/HistoryHeader';
import CollapsableTableEditor from './Editor';

export const collapsableTableWidget: WidgetDefinition = {
  type: 'COLLAPSABLE_TABLE',
  Renderer: lazy(() => import('./Renderer')),
  Header: HistoryHeader,
  editor: { Details: CollapsableTableEditor, interval: true },
  data: 'history',
};
