import type { Line } from '../../services/contracts/devices';
import { useT } from '../i18n';

/** The operator's name for the line when set, else the ADF's. */
export const lineDisplayName = (line: Line): string => line.customName?.trim() || line.name;

/** SPEC §4: only OK shows value and unit; other statuses show their text. */
export function useLineValueText(): (line: Pick<Line, 'status' | 'value' | 'unit'>) => string {
  const t = useT();
  return (line) => {
    if (line.status !== 'OK') return t(`lineStatus.${line.status}`);
    return [line.value ?? '', line.unit ?? ''].filter(Boolean).join(' ');
  };
}
