import { useSelector } from '@xstate/react';
import { elementKey } from '../../machines/dashboardEditor/dashboardEditor.setup';
import { elementTopic } from '../../machines/dashboardEditor/dashboardEditor.model';
import type { MessageId } from '../../i18n/messages';
import type { WidgetElement } from '#contracts';
import { useLocale, useT, type Translate } from '../i18n';
import { localizedValue } from '../numbers';
import type { DashboardEditorActor } from '../dashboards/useDashboardEditor';
import { useLiveness } from '../live/liveness';
import { LiveValue } from '../live/LiveValue';
import { selectElementShown } from './elementSelectors';

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
  const localize = (value: string) => localizedValue(value, locale);
  const shown = useSelector(actor, selectElementShown(elementKey(element), localize, withUnit));
  if (shown === '') return t('widgets.noValue');
  if (shown.startsWith('lineStatus.')) return t(shown as MessageId);
  return shown;
}

/** An element's live value as shown: dimmed with its age while not live (live data paused, or stale). */
export function ElementValueText({
  actor,
  element,
  withUnit = true,
  className,
}: {
  actor: DashboardEditorActor;
  element: WidgetElement;
  withUnit?: boolean;
  className?: string;
}) {
  const value = useElementValue(actor, element, withUnit);
  const liveness = useLiveness(actor, hasLineAddress(element) ? elementTopic(element) : null);
  return (
    <LiveValue liveness={liveness} className={className}>
      {value}
    </LiveValue>
  );
}
