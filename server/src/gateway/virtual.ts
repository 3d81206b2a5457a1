import * as v from 'valibot';
import { HEXACODE } from './protocol';

/**
 * A virtual device: departments, pages and lines like a real device, but every line is computed by the server from
 * lines of real devices of the same tenant. Every server instance holds the complete cache of raw values (each
 * subscribes to all of them), so every instance computes the same derived values from the same broker-fed state;
 * nothing needs to be published back.
 */
const AGGREGATES = ['avg', 'min', 'max', 'sum', 'count'] as const;

const int = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
const text = v.pipe(v.string(), v.trim(), v.nonEmpty());

const VirtualSource = v.object({
  hexacode: v.pipe(v.string(), v.regex(HEXACODE)),
  department: int(0, 255),
  subDepartment: int(0, 255),
  page: int(1, 999),
  line: int(1, 9999),
});

export const VirtualLine = v.object({
  number: int(1, 9999),
  name: text,
  unit: v.string(),
  decimals: v.optional(int(0, 6), 1),
  /**
   * avg/min/max/sum over the numeric values of the sources that are OK (online, reported, translatable); count =
   * how many sources are OK, or with `equals` how many of them show that option label (e.g. "Open" doors).
   */
  aggregate: v.picklist(AGGREGATES),
  equals: v.optional(v.string()),
  sources: v.pipe(v.array(VirtualSource), v.minLength(1), v.maxLength(1000)),
});
export type VirtualLine = v.InferOutput<typeof VirtualLine>;

export const VirtualDeviceDefinition = v.object({
  hexacode: v.pipe(v.string(), v.regex(HEXACODE)),
  name: text,
  departments: v.array(
    v.object({
      department: int(0, 255),
      subDepartment: int(0, 255),
      name: text,
      pages: v.array(v.object({ number: int(1, 999), name: text, lines: v.array(VirtualLine) })),
    }),
  ),
});
export type VirtualDeviceDefinition = v.InferOutput<typeof VirtualDeviceDefinition>;

/** What a source line is right now: a number and/or an option label when OK, nothing otherwise. */
export type SourceReading = { ok: true; number: number | undefined; label: string } | { ok: false };

export type VirtualResult = { status: 'OK'; value: string; unit: string } | { status: 'NO_DATA' };

/** Evaluates one virtual line from the readings of its sources (in definition order). */
export function evaluateVirtualLine(line: VirtualLine, readings: readonly SourceReading[]): VirtualResult {
  const ok = readings.filter((r): r is Extract<SourceReading, { ok: true }> => r.ok);
  if (line.aggregate === 'count') {
    const n = line.equals === undefined ? ok.length : ok.filter((r) => r.label === line.equals).length;
    return { status: 'OK', value: String(n), unit: line.unit };
  }
  const numbers = ok.map((r) => r.number).filter((n): n is number => n !== undefined && Number.isFinite(n));
  if (numbers.length === 0) return { status: 'NO_DATA' };
  let result: number;
  switch (line.aggregate) {
    case 'avg':
      result = numbers.reduce((a, b) => a + b, 0) / numbers.length;
      break;
    case 'sum':
      result = numbers.reduce((a, b) => a + b, 0);
      break;
    case 'min':
      result = Math.min(...numbers);
      break;
    case 'max':
      result = Math.max(...numbers);
      break;
  }
  const text = result.toFixed(line.decimals);
  return { status: 'OK', value: /^-0(\.0*)?$/.test(text) ? text.slice(1) : text, unit: line.unit };
}
