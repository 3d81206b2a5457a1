/** A device's number as the server writes it: digits, a '.' and the ADF's decimals ('-18.2', '4'). */
const DEVICE_NUMBER = /^-?\d+(?:\.(\d+))?$/;

const formats = new Map<string, Intl.NumberFormat>();

function formatOf(locale: string, decimals: number) {
  const key = `${locale}/${decimals}`;
  let format = formats.get(key);
  if (!format) {
    // Without grouping, as the device sends it ('1234.5' → '1234,5'), with exactly its decimals ('2.0' → '2,0').
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: false,
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * A live value as the interface's language writes numbers ('1.3' is '1,3' in German), its decimals kept; a
 * state's label ('Offen') or any other text as it came.
 */
export function localizedValue(value: string, locale: string): string {
  const match = DEVICE_NUMBER.exec(value.trim());
  return match ? formatOf(locale, match[1]?.length ?? 0).format(Number(value)) : value;
}
