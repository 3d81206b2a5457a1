import type { WidgetElement } from '#contracts';
import type { DashboardEditorActor } from '../dashboards/useDashboardEditor';
import { useT } from '../i18n';
import { EditLineButton } from './EditLineButton';
import { elementLabel, ElementValueText, hasLineAddress } from './ElementValue';
import type { WidgetRendererProps } from './types';

/**
 * The lines of a widget, one row each with its label and live value (and, with line edit on, an edit button):
 * how PAGE (a whole device page) and LINE (chosen lines) widgets show them.
 */
export function LineList({ actor, widget }: WidgetRendererProps) {
  const t = useT();
  if (widget.elements.length === 0) return <p className="p-3 text-muted">{t('widgets.noElements')}</p>;
  return (
    <ul aria-label={widget.name} className="min-h-0 flex-1 divide-y divide-muted/20 overflow-auto">
      {widget.elements.map((element) => (
        <li key={element.id}>
          <PageRow actor={actor} element={element} editable={widget.enableLineEdit} />
        </li>
      ))}
    </ul>
  );
}

function PageRow({
  actor,
  element,
  editable,
}: {
  actor: DashboardEditorActor;
  element: WidgetElement;
  editable: boolean;
}) {
  const t = useT();
  const label = elementLabel(element, t);
  return (
    <div className="flex items-center gap-3 px-3 py-1.5">
      <span className="flex-1 truncate">{label}</span>
      <ElementValueText actor={actor} element={element} className="font-medium tabular-nums" />
      {editable && hasLineAddress(element) && (
        <EditLineButton actor={actor} element={element} label={label} />
      )}
    </div>
  );
}
