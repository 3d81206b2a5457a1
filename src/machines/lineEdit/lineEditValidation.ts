import type { MessageId } from '../../i18n/messages';
import type { Line } from '../../services/contracts/devices';

/** The value the form starts with: the line's text, or the index of the option showing the current value. */
export function initialValue(line: Line): string {
  if (line.options.length === 0) return line.status === 'OK' ? (line.value ?? '') : '';
  const current = line.options.find((option) => option.label === line.value);
  return current ? String(current.index) : '';
}

/** SPEC §5 line edit: a value is required; lines with options take one of their options. */
export function valueError(line: Line, value: string): MessageId | null {
  if (value.trim() === '')
    return line.options.length > 0 ? 'lineEdit.optionRequired' : 'lineEdit.valueRequired';
  if (line.options.length > 0 && !line.options.some((option) => String(option.index) === value))
    return 'lineEdit.optionRequired';
  return null;
}

/** What goes over the wire: the option index as a number, or the trimmed text. */
export const writtenValue = (line: Line, value: string): string | number =>
  line.options.length > 0 ? Number(value) : value.trim();
