/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { onMessage, onNotificationClick, onPush, type WorkerScope } from './handlers';

/**
 * The app's service worker, built by vite-plugin-pwa (injectManifest) into dist/sw.js. It precaches the app shell
 * the build lists (never /api, never version.json: both must reach the server), serves every page navigation from
 * the cached index.html so the app opens offline, shows alarm pushes and routes their clicks. A new version waits
 * until the page sends skip-waiting (the 'new version' banner's reload).
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const scope = self as unknown as WorkerScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    // Server pages that are not the SPA: the API (and its docs) and the per-tenant manifest and icons.
    denylist: [/^\/api(\/|$)/, /^\/manifest\.webmanifest$/, /^\/favicon\./, /^\/icons\//],
  }),
);
// The first version takes the open pages at once (nothing older to wait for); updates wait for skip-waiting.
clientsClaim();

self.addEventListener('push', (event) => {
  event.waitUntil(onPush(scope, () => event.data?.json()));
});

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(onNotificationClick(scope, event.notification));
});

self.addEventListener('message', (event) => {
  event.waitUntil(onMessage(scope, event.data));
});
