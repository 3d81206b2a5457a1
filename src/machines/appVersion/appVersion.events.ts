export type AppVersionEvent =
  /** The window regained focus: a good moment to look for a deployment. */
  | { type: 'window.focused' }
  | { type: 'app.reload' }
  /** The service worker installed a new version that waits for the page to reload into it. */
  | { type: 'serviceWorker.updateInstalled' }
  /** An alarm notification was clicked while the app was open: the page it names should show. */
  | { type: 'notification.clicked'; route: string };
