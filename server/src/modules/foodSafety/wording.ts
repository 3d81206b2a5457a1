import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { datePartOf, type FoodSafetyLimit } from '#contracts';
import { translatorFor } from '../mail/messages';
import { dayStart } from './days';

/** How a report is written for a reader: their language, date format and time zone. */
export interface Reader {
  languageCode: string;
  dateFormat: string;
  timeZone: string;
}

/** The texts, dates and numbers of a report in the reader's language and formats. */
export function wording(reader: Reader) {
  const intl = translatorFor(reader.languageCode);
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const number = (x: number | null, digits = 1) =>
    x === null ? '' : intl.formatNumber(x, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const dateTime = (at: number | string) =>
    format(new TZDate(new Date(at).getTime(), reader.timeZone), reader.dateFormat);
  /** A report day (yyyy-MM-dd of the report's zone) in the reader's date format. */
  const day = (date: string) =>
    format(new TZDate(dayStart(date, reader.timeZone), reader.timeZone), datePartOf(reader.dateFormat));
  const limit = (l: FoodSafetyLimit) => {
    const values = {
      class: t(`foodSafety.class.${l.class}`),
      line: t(`foodSafety.line.${l.line}`),
      high: number(l.high),
      low: number(l.low),
    };
    return t(l.low === null ? 'foodSafety.limitText' : 'foodSafety.limitLowText', values);
  };
  return { t, number, dateTime, day, limit };
}

export type Wording = ReturnType<typeof wording>;
