import type { ReportChoice } from '../machines/reports/reports.events';
import { HEXACODE } from '#contracts';

/**
 * The Reports screen's choice in its address (`/reports?store=<hexacode>&from=<yyyy-MM-dd>&to=<yyyy-MM-dd>`), so a
 * link from a store, a reload or a bookmark opens the same report. Without a valid period: the last 7 days.
 */
export interface ReportAddress {
  read(): ReportChoice;
  /** Replaces the current address (no new history entry). */
  write(choice: ReportChoice): void;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DEFAULT_DAYS = 7;

/** The local calendar day of `at`, `back` days before it. */
function localDay(at: Date, back = 0): string {
  const day = new Date(at.getFullYear(), at.getMonth(), at.getDate() - back);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The choice a query string holds, today being `now`'s day. */
export function choiceOf(search: string, now: Date): ReportChoice {
  const query = new URLSearchParams(search);
  const [store, from, to] = [query.get('store'), query.get('from'), query.get('to')];
  const period =
    from && to && DAY.test(from) && DAY.test(to) && from <= to
      ? { from, to }
      : { from: localDay(now, DEFAULT_DAYS - 1), to: localDay(now) };
  return { store: store && HEXACODE.test(store) ? store.toUpperCase() : null, ...period };
}

export const reportsPath = (choice: Partial<ReportChoice>) => {
  const query = new URLSearchParams();
  for (const key of ['store', 'from', 'to'] as const) if (choice[key]) query.set(key, choice[key]);
  const text = query.toString();
  return text ? `/reports?${text}` : '/reports';
};

/** The browser's address bar. */
export const browserReportAddress: ReportAddress = {
  read: () => choiceOf(window.location.search, new Date()),
  write(choice) {
    const url = new URL(window.location.href);
    url.search = new URL(reportsPath(choice), url.origin).search;
    window.history.replaceState(window.history.state, '', url);
  },
};
