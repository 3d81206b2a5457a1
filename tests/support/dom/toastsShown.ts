import { expect, onTestFinished } from 'vitest';

/** Every toast the user was shown, in order, by its text. */
export interface ToastsShown {
  texts: string[];
}

/** A path world that watches the toasts and records the ones its path expects, in order. */
export interface ToastWatchingWorld {
  toasts: ToastsShown;
  expectedToasts: string[];
}

/**
 * Watches the toasts until the test ends: they hide after 1.5 s on the real clock, so a state assertion compares
 * what appeared with what the path expects rather than what is still on screen.
 */
export function toastsShown(): ToastsShown {
  const texts: string[] = [];
  const isToast = (node: Element) =>
    node.getAttribute('role') === 'status' && node.closest('section[aria-label="Notifications"]') !== null;
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations)
      for (const node of mutation.addedNodes) {
        if (!(node instanceof Element)) continue;
        const toasts = [node, ...node.querySelectorAll('[role="status"]')].filter(isToast);
        toasts.forEach((toast) => texts.push(toast.querySelector('span')?.textContent ?? ''));
      }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  onTestFinished(() => observer.disconnect());
  return { texts };
}

/** The toasts shown so far are the ones the path expects, in order. */
export const toastsAsExpected = (world: ToastWatchingWorld) =>
  expect(world.toasts.texts, 'the toasts shown so far').toEqual(world.expectedToasts);
