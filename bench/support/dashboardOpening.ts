import type { Browser, Page } from 'playwright-core';
import { submitSignIn } from '../../tests/e2e/support/signInForm';
import { endWithGoal } from './goal';

/** What tells a dashboard painted: `count` elements matching `ready`, which turn so by their `attribute`. */
export interface PaintedWhen {
  ready: string;
  attribute: string;
  count: number;
}

/**
 * Installed in every document: `__armPainted()` starts watching the DOM, and the promise it leaves in `__painted`
 * resolves with the page's clock (performance.now) at the first frame painted after the dashboard is ready.
 * Plain JavaScript: tsx would wrap a TypeScript function in helpers the page does not have.
 */
const paintWatcher = ({ ready, attribute, count }: PaintedWhen) => `
window.__armPainted = () => {
  window.__painted = new Promise((resolve) => {
    const check = () => {
      if (document.querySelectorAll('${ready}').length !== ${count}) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now())));
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['${attribute}'] });
    check();
  });
};
window.__armPainted();
`;

const paintedAt = (page: Page) => page.evaluate<number>('window.__painted');

/** A full-HD page of the SPA at `origin` watching for `painted`, demo's admin signed in on its first dashboard. */
export async function adminDashboardPage(
  browser: Browser,
  origin: string,
  painted: PaintedWhen,
): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
  await page.addInitScript({ content: paintWatcher(painted) });
  await page.goto(`${origin}/login`);
  await submitSignIn(page, 'admin', 'Admin123');
  await page.getByRole('article').first().waitFor();
  return page;
}

export interface DashboardOpening {
  origin: string;
  /** The dashboard timed, and its name in the sidebar. */
  id: string;
  name: string;
  runs: number;
}

/**
 * Times opening a dashboard `runs` times each way, in milliseconds:
 *  - in-app: from the demo's favorite dashboard (live), from the click on the dashboard in the sidebar until it is
 *    painted; the click's own timestamp in the page, so Playwright's actionability checks are not counted;
 *  - cold: a full page load of /dashboard/{id}, from navigation start until it is painted.
 */
export async function timeDashboardOpening(
  page: Page,
  { origin, id, name, runs }: DashboardOpening,
): Promise<{ inApp: number[]; cold: number[] }> {
  const inApp: number[] = [];
  for (let run = 0; run < runs; run++) {
    await page.getByRole('link', { name: 'Store 101 overview' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith(id));
    await page.locator('article[data-live="ready"]').first().waitFor();
    await page.evaluate('window.__armPainted()');
    const clicked = page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          document.addEventListener('click', (event) => resolve(event.timeStamp), {
            capture: true,
            once: true,
          }),
        ),
    );
    await page.getByRole('link', { name }).click();
    const start = await clicked;
    inApp.push((await paintedAt(page)) - start);
  }
  const cold: number[] = [];
  for (let run = 0; run < runs; run++) {
    await page.goto(`${origin}/dashboard/${id}`);
    cold.push(await paintedAt(page));
  }
  return { inApp, cold };
}

/** Prints whether the worse p90 of the two ways stayed under `budgetMs`, and ends the bench with that goal. */
export function endWithBudget(worstP90: number, budgetMs: number): void {
  const met = worstP90 < budgetMs;
  console.log(`\nBudget: p90 under ${budgetMs} ms → ${met ? 'met' : 'MISSED'} (${worstP90.toFixed(0)} ms)`);
  endWithGoal(met);
}
