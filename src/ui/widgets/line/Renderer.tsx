import type { WidgetElement } from '../../../services/contracts';
import type { DashboardEditorActor } from '../../dashboards/useDashboardEditor';
import { useT } from '../../i18n';
import { elementLabel, useElementValue } from '../ElementValue';
import type { WidgetRendererProps } from '../types';

/** LINE widget: each element's label with its live value. */
export default function LineRenderer({ actor, widget }: WidgetRendererProps) {
  const t = useT();
  if (widget.elements.length === 0) return <p className="p-3 text-muted">{t('widgets.noElements')}</p>;
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 overflow-auto p-3">
      {widget.elements.map((element) => (
        <LineRow key={element.id} actor={actor} element={element} />
      ))}
    </dl>
  );
}

function LineRow({ actor, element }: { actor: DashboardEditorActor; element: WidgetElement }) {
  const t = useT();
  const value = useElementValue(actor, element);
  return (
    <>
      <dt className="truncate">{elementLabel(element, t)}</dt>
      <dd className="text-right font-medium tabular-nums">{value}</dd>
    </>
  );
}
