export type AppVersionEvent =
  /** The window regained focus: a good moment to look for a deployment. */
  { type: 'window.focused' } | { type: 'app.reload' };
