import { HistoryChartWidget } from '../history/HistoryChartWidget';
import type { WidgetRendererProps } from '../types';

/** LINE_CHART widget: Lines over time on one time axis, each on the y axis it chooses. */
export default function Renderer({ actor, widget }: WidgetRendererProps) {
  return <HistoryChartWidget actor={actor} widget={widget} layout="shared" />;
}
