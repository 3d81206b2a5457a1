import type { Page } from 'playwright-core';

/** What the page keeps of each pushed line: hexacode, department, subDepartment, line, value, receive time. */
export type Receipt = [string, number, number, number, string, number];

/**
 * Opens the live socket inside the browser page exactly as the SPA does, subscribes to page 1 of every
 * department given, and keeps each pushed line with the time it arrived (the page's wall clock, as the bench's).
 */
export async function openBrowserClient(
  page: Page,
  token: string,
  departments: { hexacode: string; department: number; subDepartment: number }[],
): Promise<void> {
  await page.evaluate(
    async ({ token, departments }) => {
      const receipts: Receipt[] = [];
      (window as unknown as { receipts: Receipt[] }).receipts = receipts;
      const url = `${location.origin.replace(/^http/, 'ws')}/client-connect?Authorization=${token}`;
      const socket = new WebSocket(url);
      socket.onmessage = (event) => {
        const at = performance.timeOrigin + performance.now();
        if (typeof event.data !== 'string' || event.data === 'ping') return;
        const frame = JSON.parse(event.data);
        // As `messagesOfFrame` (#contracts) reads it; this code runs in the page, which cannot import it.
        for (const message of Array.isArray(frame) ? frame : [frame]) {
          if (message.type !== 'LineValues') continue;
          const { hexacode, department, subDepartment, lines } = message.payload;
          for (const line of lines) {
            if (line.status === 'OK')
              receipts.push([hexacode, department, subDepartment, line.number, line.value, at]);
          }
        }
      };
      await new Promise((resolve, reject) => {
        socket.onopen = resolve;
        socket.onerror = reject;
      });
      for (const d of departments) {
        socket.send(JSON.stringify({ type: 'Subscribe', payload: { kind: 'page', page: 1, ...d } }));
      }
    },
    { token, departments },
  );
}

/** Takes (and clears) what the page received so far. */
export function drainReceipts(page: Page): Promise<Receipt[]> {
  return page.evaluate(() => {
    const holder = window as unknown as { receipts: Receipt[] };
    const taken = holder.receipts.splice(0, holder.receipts.length);
    return taken;
  });
}
