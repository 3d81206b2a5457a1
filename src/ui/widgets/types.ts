import type { DashboardEditorActor } from '../dashboards/useDashboardEditor';
import type { Widget } from '../../services/contracts';

/** What every widget renderer gets: the dashboard actor (for live values) and its widget. */
export interface WidgetRendererProps {
  actor: DashboardEditorActor;
  widget: Widget;
}
