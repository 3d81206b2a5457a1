import type { MessageId } from '../../i18n/messages';
import type { Line, LineLimits } from '#contracts/devices';

/** A message about the value, with what it names (the bounds and unit of an out-of-range value). */
export interface ValueError {
  id: MessageId;
  values?: Record<string, string>;
}

/** The value the form starts with: the line's text, or the index of the option showing the current value. */
export function initialValue(line: Line): string {
  if (line.options.length === 0) return line.status === 'OK' ? (line.value ?? '') : '';
  const current = line.options.find((option) => option.label === line.value);
  return current ? String(current.index) : '';
}

// The numbers a device takes: no exponent, no thousands separator; the decimal sign a '.' or, as the languages
// with a decimal comma write it, a ','. The server reads a '.' (writtenValue).
const NUMBER = /^[-+]?(\d+[.,]?\d*|[.,]\d+)$/;
const withDecimalPoint = (value: string) => value.trim().replace(',', '.');

/** What the user is told when a number falls outside the ADF's bounds (also the device's refusal of one). */
export const outOfRange = (limits: LineLimits): ValueError => ({
  id: 'lineEdit.outOfRange',
  values: {
    min: limits.min === null ? '−∞' : String(limits.min),
    max: limits.max === null ? '∞' : String(limits.max),
    unit: limits.unit,
  },
});

/**
 * SPEC §5 line edit: a value is required; lines with options take one of their options; numeric lines take a
 * number within their ADF bounds (checked here so the device is not asked in vain).
 */
export function valueError(line: Line, value: string): ValueError | null {
  if (value.trim() === '')
    return { id: line.options.length > 0 ? 'lineEdit.optionRequired' : 'lineEdit.valueRequired' };
  if (line.options.length > 0)
    return line.options.some((option) => String(option.index) === value)
      ? null
      : { id: 'lineEdit.optionRequired' };
  const { limits } = line;
  if (!limits) return null;
  if (!NUMBER.test(value.trim())) return { id: 'lineEdit.numberRequired' };
  const number = Number(withDecimalPoint(value));
  const below = limits.min !== null && number < limits.min;
  const above = limits.max !== null && number > limits.max;
  return below || above ? outOfRange(limits) : null;
}

/** What goes over the wire: the option index as a number, or the trimmed text with a decimal point. */
export const writtenValue = (line: Line, value: string): string | number =>
  line.options.length > 0 ? Number(value) : withDecimalPoint(value);
