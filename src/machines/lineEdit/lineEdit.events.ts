export type LineEditEvent =
  /** The operator typed a value, or picked an option (its index, as text). */
  { type: 'lineEdit.change'; value: string } | { type: 'lineEdit.submit' } | { type: 'lineEdit.cancel' };

export type LineWriteOutcome = 'accepted' | 'refused';

export interface LineEditOutput {
  result: 'saved' | 'cancelled';
}
