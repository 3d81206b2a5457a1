import { useSelector } from '@xstate/react';
import { selectElementValue } from '../../machines/dashboardEditor/dashboardEditor.selectors';
import { elementKey } from '../../machines/dashboardEditor/dashboardEditor.setup';
import type { MessageId } from '../../i18n/messages';
import type { WidgetElement } from '../../services/contracts';
import { useT, type Translate } from '../i18n';
import type { DashboardEditorActor } from '../dashboards/useDashboardEditor';

/** Label of an element: its custom name, else the line's name, else 'hexacode line N'. */
export function elementLabel(element: WidgetElement, t: Translate): string {
  return (
    element.name ??
    element.dataName ??
    t('widgets.elementLabel', { hexacode: element.hexacode ?? '', line: String(element.lineNumber ?? '') })
  );
}

/** The live value of an element: 'value unit', its status text when not OK, a dash until one arrives. */
export function useElementValue(actor: DashboardEditorActor, element: WidgetElement): string {
  const t = useT();
  const value = useSelector(actor, selectElementValue(elementKey(element)));
  if (value === '') return t('widgets.noValue');
  return value.startsWith('lineStatus.') ? t(value as MessageId) : value;
}
