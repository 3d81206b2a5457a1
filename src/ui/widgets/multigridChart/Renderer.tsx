import { HistoryChartWidget } from '../history/HistoryChartWidget';
import type { WidgetRendererProps } from '../types';

/** MULTIGRID_CHART widget: One grid per element, stacked, sharing the time axis and the hover position. */
export default function Renderer({ actor, widget }: WidgetRendererProps) {
  return <HistoryChartWidget actor={actor} widget={widget} layout="stacked" />;
}
