import type { SnapshotFrom } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import type { CompareUnit, IntervalType } from './dateRange.events';
import type { DateRangeFormErrors } from './dateRangeForm';
import type { dateRangeMachine } from './dateRangeMachine';
import { formatLabel } from './dateText';

type DateRangeSnapshot = SnapshotFrom<typeof dateRangeMachine>;

export const selectRangeType = (s: DateRangeSnapshot): IntervalType => s.context.form.type;
/** Whether the custom start and end are shown and typed. */
export const selectIsCustom = (s: DateRangeSnapshot): boolean => s.matches('custom');
export const selectStartText = (s: DateRangeSnapshot): string => s.context.form.startText;
export const selectEndText = (s: DateRangeSnapshot): string => s.context.form.endText;
/** The user's date format as shown to people ('DD-MM-YYYY HH:mm'). */
export const selectFormatLabel = (s: DateRangeSnapshot): string => formatLabel(s.context.dateFormat);
export const selectAllowCompare = (s: DateRangeSnapshot): boolean => s.context.allowCompare;
export const selectCompare = (s: DateRangeSnapshot): boolean => s.context.form.compare;
export const selectCompareText = (s: DateRangeSnapshot): string => s.context.form.compareText;
export const selectCompareUnit = (s: DateRangeSnapshot): CompareUnit => s.context.form.compareUnit;
export const selectRangeError =
  (field: keyof DateRangeFormErrors) =>
  (s: DateRangeSnapshot): MessageId | null =>
    s.context.errors[field] ?? null;
