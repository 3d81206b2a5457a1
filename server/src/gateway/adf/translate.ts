import type { AdfLine } from './schema';

// The statuses are the API's (SPEC §4), shared with the SPA.
export type { LineStatus } from '#contracts/devices';

export type Translated = { status: 'OK'; value: string; unit: string } | { status: 'NO_DATA' | 'ERROR' };

/** raw → engineering number (raw*factor+offset), without rounding. */
export function rawToNumber(line: AdfLine, raw: number): number {
  return raw * line.scale.factor + line.scale.offset;
}

/** engineering number → nearest raw integer. */
export function numberToRaw(line: AdfLine, value: number): number {
  return Math.round((value - line.scale.offset) / line.scale.factor);
}

/** A raw value as the operator sees it: the option label, or the scaled number formatted with the ADF decimals. */
export function translateRaw(line: AdfLine, raw: number | null | undefined): Translated {
  if (raw === null || raw === undefined) return { status: 'NO_DATA' };
  if (line.options) {
    const option = line.options.find((o) => o.index === raw);
    return option ? { status: 'OK', value: option.label, unit: line.unit } : { status: 'ERROR' };
  }
  const value = rawToNumber(line, raw);
  if (!Number.isFinite(value)) return { status: 'ERROR' };
  const text = value.toFixed(line.scale.decimals);
  // toFixed keeps a minus sign on values that round to zero ("-0.0"); an operator expects "0.0".
  return { status: 'OK', value: /^-0(\.0*)?$/.test(text) ? text.slice(1) : text, unit: line.unit };
}

export const WRITE_REFUSALS = [
  'READ_ONLY',
  'OUT_OF_RANGE',
  'INVALID_VALUE',
  'INVALID_OPTION',
  'FACTORY_SETTINGS',
  'UNKNOWN_LINE',
  'BUSY',
  'DEVICE_ERROR',
] as const;
export type WriteRefusal = (typeof WRITE_REFUSALS)[number];

export type EncodeResult = { ok: true; raw: number } | { ok: false; reason: WriteRefusal; message: string };

/**
 * An operator's input → the raw integer to send. Lines with options take the option index (a number or a numeric
 * string) or the option label; numeric lines take a number or a decimal string with '.' and must lie within the
 * ADF write limits (engineering units).
 */
export function encodeWrite(line: AdfLine, input: string | number): EncodeResult {
  if (line.readOnly) return { ok: false, reason: 'READ_ONLY', message: `${line.name} is read-only` };
  const text = typeof input === 'number' ? String(input) : input.trim();
  if (line.options) {
    const byLabel = line.options.find((o) => o.label === text);
    const asNumber = /^-?\d+$/.test(text) ? Number(text) : undefined;
    const option = byLabel ?? line.options.find((o) => o.index === asNumber);
    if (!option) {
      return {
        ok: false,
        reason: 'INVALID_OPTION',
        message: `${line.name} takes one of ${line.options.map((o) => `${o.index} (${o.label})`).join(', ')}`,
      };
    }
    return { ok: true, raw: option.index };
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) {
    return { ok: false, reason: 'INVALID_VALUE', message: `${line.name} needs a number` };
  }
  const value = Number(text);
  if ((line.min !== undefined && value < line.min) || (line.max !== undefined && value > line.max)) {
    return {
      ok: false,
      reason: 'OUT_OF_RANGE',
      message: `${line.name} must be between ${line.min ?? '-∞'} and ${line.max ?? '∞'} ${line.unit}`.trim(),
    };
  }
  return { ok: true, raw: numberToRaw(line, value) };
}

/**
 * The device-side check of a raw write (what a controller does with a command): same rules as encodeWrite, on
 * the raw integer.
 */
export function checkRawWrite(
  line: AdfLine,
  raw: number,
): { ok: true } | { ok: false; reason: WriteRefusal } {
  if (line.readOnly) return { ok: false, reason: 'READ_ONLY' };
  if (!Number.isInteger(raw)) return { ok: false, reason: 'INVALID_VALUE' };
  if (line.options) {
    return line.options.some((o) => o.index === raw) ? { ok: true } : { ok: false, reason: 'INVALID_OPTION' };
  }
  const value = rawToNumber(line, raw);
  const eps = Math.abs(line.scale.factor) / 2;
  if (
    (line.min !== undefined && value < line.min - eps) ||
    (line.max !== undefined && value > line.max + eps)
  ) {
    return { ok: false, reason: 'OUT_OF_RANGE' };
  }
  return { ok: true };
}
