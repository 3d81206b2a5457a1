import type { AvailableBuffer } from '#contracts';
import type { UserPreferences } from '../userPreferences';
import type { BufferChoice } from './elementBuffer.rules';
import type { EditorElement } from './widgetDefaults';

export type ElementBufferEvent =
  /** Reads the buffer of the user's default PC number (on), or of the one chosen (off). */
  | { type: 'buffer.useDefault'; on: boolean }
  | { type: 'buffer.choosePcNumber'; pcNumber: number }
  /** Asks the dashboard save to create the missing buffer, or to change the existing one. */
  | { type: 'buffer.request' }
  /** Drops the request: the buffer stays missing, or as it is. */
  | { type: 'buffer.withdraw' }
  /** New text of the request's interval (seconds) and start (the user's date format). */
  | { type: 'buffer.changeInterval'; text: string }
  | { type: 'buffer.changeStart'; text: string };

export interface ElementBufferInput {
  element: Pick<EditorElement, 'buffer' | 'pcNumber' | 'useDefaultPcNumber' | 'lineNumber'>;
  /** The buffers recording the element's line (the line's availableBuffers). */
  buffers: readonly AvailableBuffer[];
  preferences: UserPreferences;
  /** Now, ms: a new buffer starts recording from it unless told otherwise. */
  now: number;
}

/**
 * What the buffer choice tells the element step after each change: the element's fields (PC number, its use of
 * the default, buffer) and whether a buffer can be read with them (false: 'Buffer not available', no save).
 */
export interface BufferChanged {
  type: 'buffer.changed';
  choice: Pick<BufferChoice, 'pcNumber' | 'useDefaultPcNumber'> & Partial<BufferChoice>;
  ready: boolean;
}
