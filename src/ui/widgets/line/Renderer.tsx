import { LineList } from '../LineList';
import type { WidgetRendererProps } from '../types';

/** LINE widget: the chosen lines, each with its label and live value. */
export default function LineRenderer(props: WidgetRendererProps) {
  return <LineList {...props} />;
}
