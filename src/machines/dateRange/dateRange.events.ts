import type { COMPARE_UNITS, INTERVAL_TYPES, WidgetInterval } from '#contracts';
import type { DateFormat } from './dateText';

export type IntervalType = (typeof INTERVAL_TYPES)[number];
export type CompareUnit = (typeof COMPARE_UNITS)[number];

export type DateRangeEvent =
  /** A preset (last 24 hours … last month) or CUSTOM, whose start and end are typed. */
  | { type: 'dateRange.choose'; rangeType: IntervalType }
  /** New text of the custom start or end, in the user's date format. */
  | { type: 'dateRange.changeStart'; text: string }
  | { type: 'dateRange.changeEnd'; text: string }
  /** Turns the comparison range on or off (only where the dialog allows one). */
  | { type: 'dateRange.setCompare'; on: boolean }
  /** New text of how far back the comparison range starts, and its unit. */
  | { type: 'dateRange.changeCompareValue'; text: string }
  | { type: 'dateRange.changeCompareUnit'; unit: CompareUnit }
  | { type: 'dateRange.apply' }
  | { type: 'dateRange.cancel' };

export interface DateRangeInput {
  value: WidgetInterval;
  dateFormat: DateFormat;
  timeZone: string;
  /** Whether a comparison range may be chosen. */
  allowCompare: boolean;
  /** Now, ms: a preset's range fills the custom fields when CUSTOM is chosen. */
  now: number;
}

/** The chosen interval (the widget interval shape), or null when the dialog was cancelled. */
export type DateRangeOutput = { value: WidgetInterval } | null;
