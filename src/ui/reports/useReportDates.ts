import { selectDateFormat, selectTimeZone } from '../../machines/app/app.selectors';
import { formatDate, formatDay } from '../../machines/dateRange/dateText';
import { AppActor } from '../appActor';

/**
 * A report's instants and days as the user writes dates (their format, on their time zone's clock), the way the
 * rest of the product and the report's own PDF and CSV show them.
 */
export function useReportDates() {
  const dateFormat = AppActor.useSelector(selectDateFormat);
  const timeZone = AppActor.useSelector(selectTimeZone);
  return {
    instant: (at: string | null) => (at ? formatDate(Date.parse(at), dateFormat, timeZone) : ''),
    day: (date: string) => formatDay(date, dateFormat),
  };
}
