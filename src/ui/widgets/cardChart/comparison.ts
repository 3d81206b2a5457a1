import type { WidgetElement } from '../../../services/contracts';

export interface Comparison {
  direction: 'above' | 'below' | 'equal';
  /** The signed difference as shown: '+1.5 °C', '-0.3 °C', '+12.5 %'. */
  signed: string;
  /** The difference without its sign ('1.5 °C'), and the reference ('10 °C'), for the spoken text. */
  difference: string;
  reference: string;
}

type ComparisonSettings = Pick<WidgetElement, 'compareWith' | 'compareType' | 'compareToValue'>;

// Two decimals at most, so float noise (0.30000000000000004) never shows.
const format = (n: number) => String(Number(n.toFixed(2)));
const withUnit = (text: string, unit: string) => (unit ? `${text} ${unit}` : text);

/**
 * How the live value compares with the element's custom reference value: the difference in the value's unit
 * (NUMERIC) or in percent of the reference (PERCENTAGE). Null when nothing is to be shown: no value or
 * reference, compareType NONE, a zero reference in percent, or a comparison that needs history data
 * (average, min, max, another buffer).
 */
export function compareWithReference(
  value: number | null,
  unit: string,
  element: ComparisonSettings,
): Comparison | null {
  const reference = element.compareToValue;
  if (element.compareWith !== 'CUSTOM_VALUE' || reference === null || value === null) return null;
  if (element.compareType === 'NONE') return null;
  const percent = element.compareType === 'PERCENTAGE';
  if (percent && reference === 0) return null;
  const delta = percent ? ((value - reference) / Math.abs(reference)) * 100 : value - reference;
  const rounded = Number(delta.toFixed(2));
  const magnitude = withUnit(format(Math.abs(rounded)), percent ? '%' : unit);
  const sign = rounded > 0 ? '+' : rounded < 0 ? '-' : '';
  return {
    direction: rounded > 0 ? 'above' : rounded < 0 ? 'below' : 'equal',
    signed: `${sign}${magnitude}`,
    difference: magnitude,
    reference: withUnit(format(reference), unit),
  };
}
