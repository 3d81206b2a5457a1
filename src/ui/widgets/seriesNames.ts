import type { WidgetElement } from '#contracts';
import type { Translate } from '../i18n';

/** Where an element reads: the device and department it was picked from, else 'hexacode department.sub'. */
const placeOf = (element: WidgetElement, t: Translate) =>
  element.label ??
  t('widgets.deviceLabel', {
    hexacode: element.hexacode ?? '',
    department: String(element.department ?? ''),
    subDepartment: String(element.subDepartment ?? ''),
  });

/**
 * Names that tell a widget's series apart (legends, axes, text alternatives): each element's own label, and
 * where two would read the same (two devices' 'Air temperature'), each of those with the place it reads
 * ('Air temperature · Dairy case 2 · Evaporator 1').
 */
export function distinctLabels(
  elements: readonly WidgetElement[],
  labels: readonly string[],
  t: Translate,
): string[] {
  const count = new Map<string, number>();
  for (const label of labels) count.set(label, (count.get(label) ?? 0) + 1);
  return labels.map((label, index) =>
    (count.get(label) ?? 0) > 1
      ? t('widgets.seriesAt', { label, place: placeOf(elements[index]!, t) })
      : label,
  );
}
