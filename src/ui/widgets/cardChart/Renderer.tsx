import type { WidgetElement } from '../../../services/contracts';
import type { DashboardEditorActor } from '../../dashboards/useDashboardEditor';
import { useT } from '../../i18n';
import { elementLabel, useElementValue } from '../ElementValue';
import type { WidgetRendererProps } from '../types';

/** CARD_CHART widget: the label of its element and its live value, large. */
export default function CardChartRenderer({ actor, widget }: WidgetRendererProps) {
  const t = useT();
  const element = widget.elements[0];
  if (!element) return <p className="p-3 text-muted">{t('widgets.noElements')}</p>;
  return <Card actor={actor} element={element} />;
}

function Card({ actor, element }: { actor: DashboardEditorActor; element: WidgetElement }) {
  const t = useT();
  const value = useElementValue(actor, element);
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-1 p-3 text-center">
      <p className="truncate text-muted">{elementLabel(element, t)}</p>
      <p className="text-3xl font-semibold tabular-nums">{value}</p>
    </div>
  );
}
