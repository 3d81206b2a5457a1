import { describe, expect, it } from 'vitest';
import { type VirtualLine, evaluateVirtualLine } from './virtual';

const line = (aggregate: VirtualLine['aggregate'], equals?: string): VirtualLine => ({
  number: 1,
  name: 'x',
  unit: '°C',
  decimals: 1,
  aggregate,
  ...(equals ? { equals } : {}),
  sources: [{ hexacode: '0A0A0A', department: 1, subDepartment: 0, page: 1, line: 1 }],
});

describe('virtual lines', () => {
  const r = [
    { ok: true as const, number: 2, label: '2.0' },
    { ok: true as const, number: 4.5, label: '4.5' },
    { ok: false as const },
  ];
  it('aggregates the sources that are OK and skips the others', () => {
    expect(evaluateVirtualLine(line('avg'), r)).toEqual({ status: 'OK', value: '3.3', unit: '°C' });
    expect(evaluateVirtualLine(line('min'), r)).toMatchObject({ value: '2.0' });
    expect(evaluateVirtualLine(line('max'), r)).toMatchObject({ value: '4.5' });
    expect(evaluateVirtualLine(line('sum'), r)).toMatchObject({ value: '6.5' });
    expect(evaluateVirtualLine(line('count'), r)).toMatchObject({ value: '2' });
    expect(evaluateVirtualLine(line('count', '4.5'), r)).toMatchObject({ value: '1' });
  });
  it('has no data when no source is OK', () => {
    expect(evaluateVirtualLine(line('avg'), [{ ok: false }])).toEqual({ status: 'NO_DATA' });
  });
});
