import type { CaseAddress } from '#contracts';

/** What the report shows: a store and a period of whole days (yyyy-MM-dd, both included). */
export interface ReportChoice {
  store: string | null;
  from: string;
  to: string;
}

export type ReportsEvent =
  /** The user picked the store (business group hexacode) to report on. */
  | { type: 'report.storeChosen'; store: string }
  /** The user changed the first or last day of the period. */
  | { type: 'report.periodChosen'; from: string; to: string }
  /** Show the report of the chosen store and period. */
  | { type: 'report.requested' }
  /** Try again after the stores or the report failed to load. */
  | { type: 'report.retried' }
  /** Save the shown report as a document. */
  | { type: 'report.downloadRequested'; format: 'pdf' | 'csv' }
  /** Store what was done about an excursion. */
  | { type: 'excursion.actionSubmitted'; excursion: string; text: string }
  /** Sign off an excursion as the signed-in user. */
  | { type: 'excursion.signOffRequested'; excursion: string }
  /** A case's limit was changed: the report is made again with it. */
  | { type: 'report.limitsChanged' }
  /** Sign off a case's day as the signed-in user. */
  | ({ type: 'day.signOffRequested'; date: string } & CaseAddress);
