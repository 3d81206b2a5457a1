import type { Line } from '#contracts/devices';
import { useLocale, useT } from '../i18n';
import { localizedValue } from '../numbers';

/** The operator's name for the line when set, else the ADF's. */
export const lineDisplayName = (line: Line): string => line.customName?.trim() || line.name;

/** SPEC §4: only OK shows value and unit (numbers in the interface's language); other statuses their text. */
export function useLineValueText(): (line: Pick<Line, 'status' | 'value' | 'unit'>) => string {
  const t = useT();
  const locale = useLocale();
  return (line) => {
    if (line.status !== 'OK') return t(`lineStatus.${line.status}`);
    return [localizedValue(line.value ?? '', locale), line.unit ?? ''].filter(Boolean).join(' ');
  };
}
