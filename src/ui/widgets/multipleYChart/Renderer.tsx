import { HistoryChartWidget } from '../history/HistoryChartWidget';
import type { WidgetRendererProps } from '../types';

/** MULTIPLE_Y_CHART widget: Two y axes (the second element's on the right), so a temperature and a pressure share a chart. */
export default function Renderer({ actor, widget }: WidgetRendererProps) {
  return <HistoryChartWidget actor={actor} widget={widget} layout="dualAxis" />;
}
