import type { CompiledKind } from '../../gateway/adf/loader';
import { translateRaw } from '../../gateway/adf/translate';
import type { LineView } from '../../gateway/gateway';

/** One line as a LineValues message carries it (the contract's LiveLine). */
export type LineValue = {
  number: number;
  status: LineView['status'];
  value: string | null;
  unit: string | null;
  /** A line of states: the state's index, the same in every language. */
  state: number | null;
};

/** A gateway line as the socket sends it (value, unit and state only when OK). */
export function valueOf(line: LineView): LineValue {
  const ok = line.status === 'OK';
  return {
    number: line.number,
    status: line.status,
    value: ok ? (line.value ?? null) : null,
    unit: ok ? (line.unit ?? null) : null,
    state: ok ? (line.state ?? null) : null,
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
    ? { number: lineNumber, status: 'OK', value: t.value, unit: t.unit, state: line.options ? raw : null }
    : { number: lineNumber, status: t.status, value: null, unit: null, state: null };
}
