export type StoresEvent =
  /** Load the stores again after they failed to load. */
  | { type: 'stores.retry' }
  /** Read the figures again now, without waiting for the next refresh. */
  | { type: 'stores.refresh' };
