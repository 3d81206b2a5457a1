import { selectDateFormat, selectTimeZone } from '../machines/app/app.selectors';
import { formatDate, formatDay } from '../machines/dateRange/dateText';
import { AppActor } from './appActor';

/**
 * Instants and calendar days as the signed-in user writes dates: their format, on their time zone's clock (SPEC
 * §5), as the server's PDFs and e-mails write them too.
 */
export function useUserDates() {
  const dateFormat = AppActor.useSelector(selectDateFormat);
  const timeZone = AppActor.useSelector(selectTimeZone);
  return {
    instant: (at: string | null) => (at ? formatDate(Date.parse(at), dateFormat, timeZone) : ''),
    day: (date: string) => formatDay(date, dateFormat),
  };
}
