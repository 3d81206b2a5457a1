import type { Locator, Page } from 'playwright-core';
import { ALARM_STREAM_PATH } from '#contracts';
import { signInAs } from './browser';

/** The header's alarms button, which announces the active alarms ("Alarms, 3 active"). */
export const alarmBell = (page: Page): Locator => page.getByRole('button', { name: /^Alarms, \d+ active$/ });

/** The number the bell announces. */
export async function bellCount(page: Page): Promise<number> {
  const label = await alarmBell(page).getAttribute('aria-label');
  return Number(/(\d+)/.exec(label ?? '')?.[1]);
}

/**
 * Signs the demo administrator in and waits until the alarm stream is open. The server queues a stream's
 * registration before it sends the stream's headers: any alarm raised once the browser has them reaches the page,
 * so the count returned stands until then.
 */
export async function signInWithAlarmStream(page: Page): Promise<{ bell: Locator; before: number }> {
  const streamOpened = page.waitForResponse((response) => response.url().endsWith(ALARM_STREAM_PATH));
  await signInAs(page, 'admin', 'Admin123');
  const bell = alarmBell(page);
  await bell.waitFor();
  await streamOpened;
  return { bell, before: await bellCount(page) };
}
