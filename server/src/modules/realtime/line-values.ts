import type { LiveLine } from '#contracts';
import type { CompiledKind } from '../../gateway/adf/loader';
import type { LineView } from '../../gateway/gateway';
import { liveValueOf } from '../../gateway/lines';

/** A gateway line as the socket sends it (value, unit and state only when OK). */
export function valueOf(line: Pick<LineView, 'number' | 'status' | 'value' | 'unit' | 'state'>): LiveLine {
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
): LiveLine | undefined {
  const line = kind.line(page, lineNumber);
  return line && valueOf({ number: lineNumber, ...liveValueOf(line, raw) });
}
