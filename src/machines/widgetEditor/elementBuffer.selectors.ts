import type { SnapshotFrom } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import { formatDate, formatLabel } from '../dateRange/dateText';
import { bufferOf, requestErrors, type BufferRequestErrors } from './elementBuffer.rules';
import type { elementBufferMachine } from './elementBufferMachine';

type ElementBufferSnapshot = SnapshotFrom<typeof elementBufferMachine>;

export type BufferStep = 'unaddressed' | 'existing' | 'missing' | 'requesting';

/** Where the choice is: no line yet, the PC number's buffer read as it is, none, or one asked of the save. */
export function selectBufferStep(s: ElementBufferSnapshot): BufferStep {
  if (s.matches({ chosen: 'existing' })) return 'existing';
  if (s.matches({ chosen: 'requesting' })) return 'requesting';
  if (s.matches({ chosen: 'missing' })) return 'missing';
  return 'unaddressed';
}
/** The PC numbers the user may choose (SPEC §6). */
export const selectPcChoices = (s: ElementBufferSnapshot): readonly number[] =>
  s.context.preferences.pcNumbers;
export const selectPcNumber = (s: ElementBufferSnapshot): number => s.context.pcNumber;
export const selectUsesDefault = (s: ElementBufferSnapshot): boolean => s.context.useDefault;
export const selectDefaultPcNumber = (s: ElementBufferSnapshot): number =>
  s.context.preferences.defaultPcNumber;
export const selectMayCreate = (s: ElementBufferSnapshot): boolean => s.context.preferences.mayCreateBuffers;
/** Whether the chosen PC number's buffer exists (a request then changes it). */
export const selectHasBuffer = (s: ElementBufferSnapshot): boolean =>
  bufferOf(s.context.buffers, s.context.pcNumber) !== undefined;
/** The existing buffer's interval, seconds (0 without one). */
export const selectBufferInterval = (s: ElementBufferSnapshot): number =>
  bufferOf(s.context.buffers, s.context.pcNumber)?.interval ?? 0;
/** When the existing buffer started, in the user's date format ('' without one). */
export function selectBufferStart(s: ElementBufferSnapshot): string {
  const buffer = bufferOf(s.context.buffers, s.context.pcNumber);
  const { dateFormat, timeZone } = s.context.preferences;
  return buffer ? formatDate(Date.parse(buffer.start), dateFormat, timeZone) : '';
}
export const selectIntervalText = (s: ElementBufferSnapshot): string => s.context.request.intervalText;
export const selectRequestStart = (s: ElementBufferSnapshot): string => s.context.request.startText;
export const selectMinInterval = (s: ElementBufferSnapshot): number =>
  s.context.preferences.minBufferInterval;
export const selectFormatLabel = (s: ElementBufferSnapshot): string =>
  formatLabel(s.context.preferences.dateFormat);
/** The request's errors, shown as it is typed. */
export const selectRequestError =
  (field: keyof BufferRequestErrors) =>
  (s: ElementBufferSnapshot): MessageId | null =>
    s.matches({ chosen: 'requesting' })
      ? (requestErrors(s.context.request, s.context.preferences)[field] ?? null)
      : null;
