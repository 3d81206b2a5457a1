import { LineList } from '../LineList';
import type { WidgetRendererProps } from '../types';

/** PAGE widget: a whole device page, one row a line with its live value, like the device page's list. */
export default function PageRenderer(props: WidgetRendererProps) {
  return <LineList {...props} />;
}
