import { DEFAULT_LOCALE } from '../../../i18n/messages';
import type { HistorySeries, WidgetElement } from '#contracts';
import { withUnit } from '../history/format';
import { latestValue } from '../history/seriesModel';

export interface Comparison {
  direction: 'above' | 'below' | 'equal';
  /** The signed difference as shown: '+1.5 °C', '-0.3 °C', '+12.5 %'. */
  signed: string;
  /** The difference without its sign ('1.5 °C'), and the reference ('10 °C'), for the spoken text. */
  difference: string;
  reference: string;
}

type ComparisonSettings = Pick<WidgetElement, 'compareWith' | 'compareType' | 'compareToValue'>;

/**
 * The value the live value is compared with: the custom value, or from the element's history over the card's
 * interval its average, lowest or highest value, or for ANOTHER_BUFFER the value the comparison range (that
 * long before) recorded at the same time. Null while history is missing or has no such value.
 */
export function referenceOf(element: ComparisonSettings, history: HistorySeries | null): number | null {
  switch (element.compareWith) {
    case 'CUSTOM_VALUE':
      return element.compareToValue;
    case 'AVERAGE_VALUE':
      return history?.stats.avg ?? null;
    case 'MIN_VALUE':
      return history?.stats.min ?? null;
    case 'MAX_VALUE':
      return history?.stats.max ?? null;
    case 'ANOTHER_BUFFER':
      return history?.compare ? latestValue(history.compare.points) : null;
    default:
      return null;
  }
}

/**
 * How the live value compares with the reference: the difference in the value's unit (NUMERIC) or in percent
 * of the reference (PERCENTAGE), in the decimals of `locale`. Null when nothing is to be shown: no value or
 * reference, compareType NONE, or a zero reference in percent.
 */
export function compareWithReference(
  value: number | null,
  unit: string,
  element: ComparisonSettings,
  reference: number | null = referenceOf(element, null),
  locale: string = DEFAULT_LOCALE,
): Comparison | null {
  if (element.compareWith === 'NONE' || reference === null || value === null) return null;
  if (element.compareType === 'NONE') return null;
  const percent = element.compareType === 'PERCENTAGE';
  if (percent && reference === 0) return null;
  const delta = percent ? ((value - reference) / Math.abs(reference)) * 100 : value - reference;
  const rounded = Number(delta.toFixed(2));
  const magnitude = withUnit(Math.abs(rounded), percent ? '%' : unit, locale);
  const sign = rounded > 0 ? '+' : rounded < 0 ? '-' : '';
  return {
    direction: rounded > 0 ? 'above' : rounded < 0 ? 'below' : 'equal',
    signed: `${sign}${magnitude}`,
    difference: magnitude,
    reference: withUnit(reference, unit, locale),
  };
}
