import { describe, expect, it } from 'vitest';
import { compareWithReference } from '../../src/ui/widgets/cardChart/comparison';
import { localizedValue } from '../../src/ui/numbers';
import { formatNumber, withUnit } from '../../src/ui/widgets/history/format';

describe('numbers in the interface language', () => {
  it('writes English values as they always were: two decimals at most, no grouping, no float noise', () => {
    expect(formatNumber(3.5, 'en')).toBe('3.5');
    expect(formatNumber(-0.25, 'en')).toBe('-0.25');
    expect(formatNumber(1234.5, 'en')).toBe('1234.5');
    expect(formatNumber(0.1 + 0.2, 'en')).toBe('0.3');
    expect(formatNumber(-0.001, 'en')).toBe('0');
    expect(withUnit(3.5, '°C', 'en')).toBe('3.5 °C');
    expect(withUnit(3.5, null, 'en')).toBe('3.5');
  });

  it('writes German and French values with a decimal comma', () => {
    expect(formatNumber(-0.25, 'de')).toBe('-0,25');
    expect(formatNumber(1234.5, 'de')).toBe('1234,5');
    expect(withUnit(3.5, '°C', 'de')).toBe('3,5 °C');
    expect(withUnit(12345.678, 'kWh', 'fr')).toBe('12345,68 kWh');
  });

  it('writes a card’s comparison in the language, its sign as before', () => {
    const settings = { compareWith: 'CUSTOM_VALUE', compareType: 'NUMERIC', compareToValue: 10.25 } as const;
    expect(compareWithReference(9.7, '°C', settings, 10.25, 'de')).toEqual({
      direction: 'below',
      signed: '-0,55 °C',
      difference: '0,55 °C',
      reference: '10,25 °C',
    });
  });

  it("writes a device's value in the language, with the decimals the device sent, and leaves text alone", () => {
    expect(localizedValue('1.3', 'de')).toBe('1,3');
    expect(localizedValue('2.0', 'fr')).toBe('2,0');
    expect(localizedValue('-18.25', 'de')).toBe('-18,25');
    expect(localizedValue('1234.5', 'de')).toBe('1234,5');
    expect(localizedValue('42', 'de')).toBe('42');
    expect(localizedValue('1.3', 'en')).toBe('1.3');
    for (const text of ['Offen', 'Fan delay', '1.2.3', '', 'NTC 10k'])
      expect(localizedValue(text, 'de')).toBe(text);
  });
});
