import type { ComponentType, LazyExoticComponent } from 'react';
import type { WidgetType } from '#contracts';
import type { WidgetDefinition } from '../definition';
import type { WidgetRendererProps } from '../types';
import ChartDetailsEditor from './ChartDetailsEditor';
import ChartElementEditor from './ChartElementEditor';
import { ChartHeader } from './HistoryHeader';

/**
 * The definition of a history chart type: its own lazy renderer (its layout), and what all of them share: the
 * range and annotations in the header, the interval through the date range picker, the chart editor fields.
 */
export const historyChartWidget = (
  type: WidgetType,
  Renderer: LazyExoticComponent<ComponentType<WidgetRendererProps>>,
): WidgetDefinition => ({
  type,
  Renderer,
  Header: ChartHeader,
  editor: { Details: ChartDetailsEditor, Element: ChartElementEditor, interval: true },
  data: 'history',
});
