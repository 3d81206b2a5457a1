import { formatDate, type DateFormat } from '../../machines/dateRange/dateText';
import type { WidgetInterval } from '#contracts';
import { useT } from '../i18n';

/**
 * How an interval reads: its preset's name, or a custom range's dates in the user's format and time zone; with
 * the comparison after it.
 */
export function useIntervalText(): (
  interval: WidgetInterval,
  dateFormat: DateFormat,
  timeZone: string,
) => string {
  const t = useT();
  return (interval, dateFormat, timeZone) => {
    const { type, start, end, compareTo } = interval;
    const range =
      type === 'CUSTOM' && start && end
        ? t('dateRange.customRange', {
            start: formatDate(Date.parse(start), dateFormat, timeZone),
            end: formatDate(Date.parse(end), dateFormat, timeZone),
          })
        : t(`dateRange.type.${type}`);
    return compareTo
      ? t('dateRange.compared', { range, value: compareTo.value, unit: compareTo.unit })
      : range;
  };
}
