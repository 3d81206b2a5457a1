import { useSelector } from '@xstate/react';
import { elementKey } from '../../machines/dashboardEditor/dashboardEditor.setup';
import type { MessageId } from '../../i18n/messages';
import type { WidgetElement } from '../../services/contracts';
import { useLocale, useT, type Translate } from '../i18n';
import { localizedValue } from '../numbers';
import type { DashboardEditorActor } from '../dashboards/useDashboardEditor';
import { selectElementBareValue, selectElementUnit } from './elementSelectors';

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
 * The live value of an element: 'value unit' (or the value alone when `withUnit` is false), numbers written as
 * the interface's language writes them, its status text when not OK, a dash until one arrives.
 */
export function useElementValue(
  actor: DashboardEditorActor,
  element: WidgetElement,
  withUnit = true,
): string {
  const t = useT();
  const locale = useLocale();
  const key = elementKey(element);
  const value = useSelector(actor, selectElementBareValue(key));
  const unit = useSelector(actor, selectElementUnit(key));
  if (value === '') return t('widgets.noValue');
  if (value.startsWith('lineStatus.')) return t(value as MessageId);
  const shown = localizedValue(value, locale);
  return withUnit && unit ? `${shown} ${unit}` : shown;
}
