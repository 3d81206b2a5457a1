import type { CompiledKind } from '../../gateway/adf/loader';
import { translateRaw } from '../../gateway/adf/translate';
import type { LineView } from '../../gateway/gateway';

/** One line as a LineValues message carries it. */
export type LineValue = {
  number: number;
  status: LineView['status'];
  value: string | null;
  unit: string | null;
};

/** A gateway line as the socket sends it (value and unit only when OK). */
export function valueOf(line: LineView): LineValue {
  const ok = line.status === 'OK';
  return {
    number: line.number,
    status: line.status,
    value: ok ? (line.value ?? null) : null,
    unit: ok ? (line.unit ?? null) : null,
  };
}

/** A raw device value translated through its ADF line; undefined when the ADF has no such line. */
export function translatedValue(
  kind: CompiledKind,
  page: number,
  lineNumber: number,
  raw: number | null,
): LineValue | undefined {
  const line = kind.line(page, lineNumber);
  if (!line) return undefined;
  const t = translateRaw(line, raw);
  return t.status === 'OK'
    ? { number: lineNumber, status: 'OK', value: t.value, unit: t.unit }
    : { number: lineNumber, status: t.status, value: null, unit: null };
}
