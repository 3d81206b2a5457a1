export type LineEditEvent =
  /** The operator typed a value, or picked an option (its index, as text). */
  { type: 'lineEdit.change'; value: string } | { type: 'lineEdit.submit' } | { type: 'lineEdit.cancel' };

export type { LineWriteOutcome } from '../../services/api/devices';

export interface LineEditOutput {
  result: 'saved' | 'cancelled';
}
