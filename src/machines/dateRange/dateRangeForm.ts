import { CompareRange, HISTORY_MAX_RANGE_DAYS, resolveWidgetRange, type WidgetInterval } from '#contracts';
import type { MessageId } from '../../i18n/messages';
import * as v from 'valibot';
import type { CompareUnit, DateRangeInput, IntervalType } from './dateRange.events';
import { checkRangeTexts, formatDate, type DateFormat } from './dateText';

/** What the date range picker edits: the type, the custom dates as typed, the comparison as typed. */
export interface DateRangeForm {
  type: IntervalType;
  startText: string;
  endText: string;
  compare: boolean;
  compareText: string;
  compareUnit: CompareUnit;
}

export interface DateRangeFormErrors {
  start?: MessageId;
  end?: MessageId;
  compare?: MessageId;
}

const DAY_MS = 24 * 60 * 60_000;
/** A comparison asked for without a value goes back one day. */
const DEFAULT_COMPARE = { value: 1, unit: 'DAYS' } as const;

/** The form of an interval: the custom fields hold its range now (a preset's, until CUSTOM is chosen). */
export function formOf({ value, dateFormat, timeZone, now }: DateRangeInput): DateRangeForm {
  const { from, to } = resolveWidgetRange(value, now, timeZone);
  const compareTo = value.compareTo ?? DEFAULT_COMPARE;
  return {
    type: value.type,
    startText: formatDate(from, dateFormat, timeZone),
    endText: formatDate(to, dateFormat, timeZone),
    compare: value.compareTo !== null,
    compareText: String(compareTo.value),
    compareUnit: compareTo.unit,
  };
}

const compareOf = (form: DateRangeForm) =>
  v.safeParse(CompareRange, {
    value: form.compareText.trim() === '' ? NaN : Number(form.compareText),
    unit: form.compareUnit,
  });

/**
 * What keeps the form from being applied (SPEC §5): custom dates in the user's format, the end after the start
 * and at most HISTORY_MAX_RANGE_DAYS later; a comparison of 1 to 800 hours or days.
 */
export function formErrors(
  form: DateRangeForm,
  dateFormat: DateFormat,
  timeZone: string,
): DateRangeFormErrors {
  const errors: DateRangeFormErrors = {};
  if (form.type === 'CUSTOM') {
    const range = checkRangeTexts(form.startText, form.endText, dateFormat, timeZone);
    if ('errors' in range) Object.assign(errors, range.errors);
    else if (range.to - range.from > HISTORY_MAX_RANGE_DAYS * DAY_MS) errors.end = 'dateRange.tooLong';
  }
  if (form.compare && !compareOf(form).success) errors.compare = 'dateRange.compareInvalid';
  return errors;
}

/** The interval of a valid form: ISO start and end for CUSTOM only, the comparison when asked for. */
export function intervalOf(form: DateRangeForm, dateFormat: DateFormat, timeZone: string): WidgetInterval {
  const range = checkRangeTexts(form.startText, form.endText, dateFormat, timeZone);
  const custom = form.type === 'CUSTOM' && 'from' in range;
  const compare = compareOf(form);
  return {
    type: form.type,
    start: custom ? new Date(range.from).toISOString() : null,
    end: custom ? new Date(range.to).toISOString() : null,
    compareTo: form.compare && compare.success ? compare.output : null,
  };
}
