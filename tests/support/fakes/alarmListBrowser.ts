import { expect, vi } from 'vitest';
import type { NotificationPermissionState } from '../../../src/services/alarmBrowser';

interface PermissionPrompt {
  resolve(state: NotificationPermissionState): void;
  reject(error: Error): void;
}

/**
 * The browser's side of new alarms, faked at its boundary: the Notification API (a permission the user has
 * not chosen yet, a prompt the path answers, the notifications shown) and the Web Audio beep.
 */
export function fakeAlarmBrowser() {
  const browser = {
    permission: 'default' as NotificationPermission,
    prompts: [] as PermissionPrompt[],
    asked: 0,
    notifications: [] as { title: string; body: string }[],
    beeps: 0,
    /** The user's answer to the open prompt; like a browser, it keeps the choice (not a dismissal). */
    async answerPrompt(answer: NotificationPermissionState | Error) {
      await vi.waitFor(() => expect(browser.prompts.length, 'the permission prompt is open').toBe(1));
      const prompt = browser.prompts.shift()!;
      if (answer instanceof Error) return prompt.reject(answer);
      browser.permission = answer;
      prompt.resolve(answer);
    },
    restore() {
      Reflect.deleteProperty(window, 'Notification');
      Reflect.deleteProperty(window, 'AudioContext');
    },
  };
  const Notification = Object.assign(
    function Notification(title: string, options?: { body?: string }) {
      browser.notifications.push({ title, body: options?.body ?? '' });
    },
    {
      requestPermission: () => {
        browser.asked++;
        return new Promise<NotificationPermissionState>((resolve, reject) =>
          browser.prompts.push({ resolve, reject }),
        );
      },
    },
  );
  Object.defineProperty(Notification, 'permission', { get: () => browser.permission });
  const node = () => ({
    connect: (next: unknown) => next,
    frequency: {},
    gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
  });
  class AudioContext {
    currentTime = 0;
    destination = {};
    createGain = node;
    createOscillator = () => ({ ...node(), start: () => void browser.beeps++, stop() {} });
  }
  Object.defineProperty(window, 'Notification', { value: Notification, configurable: true, writable: true });
  Object.defineProperty(window, 'AudioContext', { value: AudioContext, configurable: true, writable: true });
  return browser;
}
export type FakeAlarmBrowser = ReturnType<typeof fakeAlarmBrowser>;

/**
 * Waits, without moving the fake clock (vi.waitFor would), until `check` holds: what follows at once from
 * what already happened, so a delay that is too long shows.
 */
export async function withoutTimePassing(check: () => void, timeout = 5000) {
  const until = performance.now() + timeout;
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (performance.now() > until) throw error;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

/** The fake clock runs to `deadline`: one millisecond before it `unchanged` holds, at it `due` does. */
export async function runClockTo(deadline: number, unchanged: () => void, due: () => void) {
  await vi.advanceTimersByTimeAsync(Math.max(0, deadline - Date.now() - 1));
  unchanged();
  await vi.advanceTimersByTimeAsync(1);
  await withoutTimePassing(due);
}
