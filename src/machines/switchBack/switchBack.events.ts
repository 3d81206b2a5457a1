export type SwitchBackEvent =
  /** After a failure: call switch-back again. */
  | { type: 'switchBack.retry' }
  /** After a failure: stay as the other account. */
  | { type: 'switchBack.cancel' };
