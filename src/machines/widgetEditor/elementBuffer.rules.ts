import { BUFFER_INTERVAL_MAX_S, type AvailableBuffer, type WidgetType } from '#contracts';
import type { MessageId } from '../../i18n/messages';
import { formatDate, parseDate } from '../dateRange/dateText';
import type { UserPreferences } from '../userPreferences';
import type { EditorElement } from './widgetDefaults';

/** The fields of an element its buffer choice decides (SPEC §3 buffer, pcNumber, useDefaultPcNumber). */
export type BufferChoice = Pick<
  EditorElement,
  'pcNumber' | 'useDefaultPcNumber' | 'buffer' | 'availableBuffers'
>;

const HISTORICAL_TYPES: readonly WidgetType[] = [
  'LINE_CHART',
  'MULTIPLE_Y_CHART',
  'MULTIGRID_CHART',
  'COLLAPSABLE_TABLE',
];

/** Whether an element reads a buffer: those of the historical types, and a metric card's compared with another buffer. */
export const readsBuffer = (type: WidgetType, element: Pick<EditorElement, 'compareWith'>): boolean =>
  HISTORICAL_TYPES.includes(type) || (type === 'CARD_CHART' && element.compareWith === 'ANOTHER_BUFFER');

/** The PC number an element starts with: the user's default when it uses the default, else its own. */
export const initialPcNumber = (
  element: Pick<EditorElement, 'buffer' | 'pcNumber' | 'useDefaultPcNumber'>,
  preferences: UserPreferences,
): number =>
  element.useDefaultPcNumber
    ? preferences.defaultPcNumber
    : (element.buffer?.pcNumber ?? element.pcNumber ?? preferences.defaultPcNumber);

/** An element's stored copy of its line's buffers, those of them whose interval and start it knows. */
export const storedBuffers = (element: Pick<EditorElement, 'availableBuffers'>): AvailableBuffer[] =>
  element.availableBuffers.flatMap(({ pcNumber, interval, start }) =>
    interval !== null && start !== null ? [{ pcNumber, interval, start }] : [],
  );

export const bufferOf = (buffers: readonly AvailableBuffer[], pcNumber: number) =>
  buffers.find((buffer) => buffer.pcNumber === pcNumber);

/** A create or change request as typed: the interval in seconds and the start in the user's date format. */
export interface BufferRequest {
  intervalText: string;
  startText: string;
}

export interface BufferRequestErrors {
  interval?: MessageId;
  start?: MessageId;
}

/** The request's fields to start from: the existing buffer's, else the user's shortest interval from now. */
export function requestOf(
  existing: AvailableBuffer | undefined,
  preferences: UserPreferences,
  now: number,
): BufferRequest {
  const { dateFormat, timeZone, minBufferInterval } = preferences;
  return {
    intervalText: String(existing?.interval ?? minBufferInterval),
    startText: formatDate(existing ? Date.parse(existing.start) : now, dateFormat, timeZone),
  };
}

const intervalOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : NaN);

/** An interval of whole seconds from the user's minBufferInterval to a day; a start in the user's format. */
export function requestErrors(request: BufferRequest, preferences: UserPreferences): BufferRequestErrors {
  const errors: BufferRequestErrors = {};
  const interval = intervalOf(request.intervalText);
  if (!(interval >= preferences.minBufferInterval && interval <= BUFFER_INTERVAL_MAX_S))
    errors.interval = 'widgetEditor.buffer.intervalInvalid';
  if (parseDate(request.startText, preferences.dateFormat, preferences.timeZone) === null)
    errors.start = 'dateRange.invalidDate';
  return errors;
}

/**
 * SPEC §4: the element's buffer fields for the chosen PC number. Its buffer as it is (OK); or, asked for, a buffer
 * to create, or the existing one with another interval or start (CREATE_BUFFER: the dashboard save makes it).
 * A PC number the user may not choose is replaced by the default for a buffer to be created. Null while no buffer
 * can be read: none exists and none is asked for, or the request is not valid.
 */
export function choiceOf(
  pcNumber: number,
  useDefault: boolean,
  buffers: readonly AvailableBuffer[],
  request: BufferRequest | null,
  preferences: UserPreferences,
): BufferChoice | null {
  const existing = bufferOf(buffers, pcNumber);
  const own = { pcNumber, useDefaultPcNumber: useDefault, availableBuffers: [...buffers] };
  if (!request) {
    return existing
      ? { ...own, buffer: { status: 'OK', pcNumber, interval: existing.interval, start: existing.start } }
      : null;
  }
  if (Object.keys(requestErrors(request, preferences)).length > 0) return null;
  const interval = intervalOf(request.intervalText);
  const start = new Date(
    parseDate(request.startText, preferences.dateFormat, preferences.timeZone)!,
  ).toISOString();
  const unchanged =
    existing && existing.interval === interval && Date.parse(existing.start) === Date.parse(start);
  if (unchanged) return choiceOf(pcNumber, useDefault, buffers, null, preferences);
  const allowed = preferences.pcNumbers.includes(pcNumber);
  const pc = allowed ? pcNumber : preferences.defaultPcNumber;
  return {
    ...own,
    pcNumber: pc,
    useDefaultPcNumber: allowed ? useDefault : true,
    buffer: { status: 'CREATE_BUFFER', pcNumber: pc, interval, start },
  };
}
