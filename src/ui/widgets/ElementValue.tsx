import { useSelector } from '@xstate/react';
import { selectElementValue } from '../../machines/dashboardEditor/dashboardEditor.selectors';
import { elementKey } from '../../machines/dashboardEditor/dashboardEditor.setup';
import type { MessageId } from '../../i18n/messages';
import type { WidgetElement } from '../../services/contracts';
import { useT, type Translate } from '../i18n';
import type { DashboardEditorActor } from '../dashboards/useDashboardEditor';
import { selectElementBareValue } from './elementSelectors';

/** Label of an element: its custom name, else the line's name, else 'hexacode line N'. */
export function elementLabel(element: WidgetElement, t: Translate): string {
  return (
    element.name ??
    element.dataName ??
    t('widgets.elementLabel', { hexacode: element.hexacode ?? '', line: String(element.lineNumber ?? '') })
  );
}

/** Whether the element addresses a whole line (device, department, page, line): only those can be edited. */
export const hasLineAddress = (element: WidgetElement): boolean => elementKey(element) !== null;

/**
 * The live value of an element: 'value unit' (or the value alone when `withUnit` is false), its status text
 * when not OK, a dash until one arrives.
 */
export function useElementValue(
  actor: DashboardEditorActor,
  element: WidgetElement,
  withUnit = true,
): string {
  const t = useT();
  const key = elementKey(element);
  const value = useSelector(actor, withUnit ? selectElementValue(key) : selectElementBareValue(key));
  if (value === '') return t('widgets.noValue');
  return value.startsWith('lineStatus.') ? t(value as MessageId) : value;
}
