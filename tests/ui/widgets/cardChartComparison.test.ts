import { describe, expect, it } from 'vitest';
import { COMPARE_WITH } from '#contracts';
import { compareWithReference } from '../../../src/ui/widgets/cardChart/comparison';

const custom = (compareType: 'NUMERIC' | 'PERCENTAGE' | 'NONE', compareToValue: number | null = 10) => ({
  compareWith: 'CUSTOM_VALUE' as const,
  compareType,
  compareToValue,
});

describe('compareWithReference', () => {
  it('gives the signed difference in the value unit', () => {
    expect(compareWithReference(11.5, '°C', custom('NUMERIC'))).toEqual({
      direction: 'above',
      signed: '+1.5 °C',
      difference: '1.5 °C',
      reference: '10 °C',
    });
    expect(compareWithReference(9.7, '°C', custom('NUMERIC'))).toMatchObject({
      direction: 'below',
      signed: '-0.3 °C',
    });
    expect(compareWithReference(10, '', custom('NUMERIC'))).toMatchObject({
      direction: 'equal',
      signed: '0',
      reference: '10',
    });
  });

  it('gives the difference in percent of the reference', () => {
    expect(compareWithReference(11.25, 'bar', custom('PERCENTAGE'))).toEqual({
      direction: 'above',
      signed: '+12.5 %',
      difference: '12.5 %',
      reference: '10 bar',
    });
    expect(compareWithReference(-22, '°C', custom('PERCENTAGE', -20))).toMatchObject({
      direction: 'below',
      signed: '-10 %',
    });
  });

  it('rounds away float noise', () => {
    expect(compareWithReference(0.3, '', custom('NUMERIC', 0.1))?.signed).toBe('+0.2');
  });

  it('shows nothing without a value, a reference, a comparison type, or a non-zero percent base', () => {
    expect(compareWithReference(null, '°C', custom('NUMERIC'))).toBeNull();
    expect(compareWithReference(5, '°C', custom('NUMERIC', null))).toBeNull();
    expect(compareWithReference(5, '°C', custom('NONE'))).toBeNull();
    expect(compareWithReference(5, '°C', custom('PERCENTAGE', 0))).toBeNull();
  });

  it('shows nothing for the comparisons from history until it arrives', () => {
    for (const compareWith of COMPARE_WITH.filter((kind) => kind !== 'CUSTOM_VALUE')) {
      expect(compareWithReference(5, '°C', { ...custom('NUMERIC'), compareWith }), compareWith).toBeNull();
    }
  });
});
