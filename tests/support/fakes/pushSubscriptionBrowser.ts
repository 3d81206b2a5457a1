import { expect, vi } from 'vitest';
import type { PushSubscriptionRequest } from '#contracts';

/** A subscription as the browser's push service makes it: an https endpoint and its keys (contract sizes). */
export const pushSubscriptionBody = (name: string): PushSubscriptionRequest => ({
  endpoint: `https://push.example.com/${name}`,
  keys: { p256dh: `B${'p'.repeat(86)}`, auth: 'a'.repeat(22) },
});

type Lookup = { resolve(subscription: unknown): void; reject(error: Error): void };

/**
 * A browser with push, faked at its boundary: navigator.serviceWorker.ready gives a registration whose
 * pushManager holds this browser's subscription. While `holdLookups` is set, getSubscription waits for the
 * path to play the browser's answer; otherwise it answers at once.
 */
export function fakePushBrowser() {
  let made = 0;
  const browser = {
    subscription: null as PushSubscriptionRequest | null,
    holdLookups: true,
    lookups: [] as Lookup[],
    /** The applicationServerKey of each pushManager.subscribe, as bytes. */
    subscribedWith: [] as number[][],
    unsubscribed: 0,
    /** Answers the getSubscription the app waits for: with this browser's subscription, or an error. */
    async answerLookup(answer: PushSubscriptionRequest | null | Error) {
      await vi.waitFor(() => expect(browser.lookups.length, 'the app asks the browser').toBe(1));
      const lookup = browser.lookups.shift()!;
      if (answer instanceof Error) return lookup.reject(answer);
      browser.subscription = answer;
      lookup.resolve(answer && live(answer));
    },
    restore() {
      Reflect.deleteProperty(window.navigator, 'serviceWorker');
      Reflect.deleteProperty(window, 'PushManager');
    },
  };
  const live = (body: PushSubscriptionRequest) => ({
    endpoint: body.endpoint,
    toJSON: () => body,
    unsubscribe: () => {
      browser.subscription = null;
      browser.unsubscribed++;
      return Promise.resolve(true);
    },
  });
  const pushManager = {
    getSubscription: () =>
      browser.holdLookups
        ? new Promise((resolve, reject) => browser.lookups.push({ resolve, reject }))
        : Promise.resolve(browser.subscription && live(browser.subscription)),
    subscribe: (options: { applicationServerKey: Uint8Array }) => {
      browser.subscribedWith.push([...options.applicationServerKey]);
      browser.subscription = pushSubscriptionBody(`made-${++made}`);
      return Promise.resolve(live(browser.subscription));
    },
  };
  const serviceWorker = { ready: Promise.resolve({ pushManager }) };
  Object.defineProperty(window.navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  Object.defineProperty(window, 'PushManager', { value: function PushManager() {}, configurable: true });
  return browser;
}
export type FakePushBrowser = ReturnType<typeof fakePushBrowser>;
