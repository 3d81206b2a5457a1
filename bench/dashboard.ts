/**
 * Time from navigation to a dashboard of 12 real-time widgets fully painted with live values.
 *
 *   npx vite build && node --import tsx bench/dashboard.ts [--runs 10]
 *
 * Starts the real server (demo fleet running) on the built SPA, builds a 12-widget dashboard for admin out of
 * the demo dashboards' widgets (two of each real-time type: CARD_CHART, LINE, PAGE, TABLE, PICTOGRAPH,
 * BAR_CHART), then in headless Chromium measures, `runs` times each (default 10):
 *  - in-app: from the click on the dashboard in the sidebar (another dashboard open) until every widget says
 *    data-live="ready" (each of its lines has its first pushed value) and the next frame has been painted;
 *  - cold: a full page load of /dashboard/{id} (signed in, cache warm), from navigation start to the same point.
 */
import { parseArgs } from 'node:util';
import type { Dashboard, DashboardsList, Widget } from '#contracts';
import { startServer } from '../tests/e2e/support/server';
import { seededDatabase } from './support/seededDatabase';
import { launchBrowserForBench } from './support/browser';
import { adminDashboardPage, endWithBudget, timeDashboardOpening } from './support/dashboardOpening';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '10' } } });
const RUNS = Number(args.runs);
const BUDGET_MS = 1000;
const TYPES = ['CARD_CHART', 'LINE', 'PAGE', 'TABLE', 'PICTOGRAPH', 'BAR_CHART'] as const;
const NAME = 'Bench: 12 live widgets';

const server = await startServer({ LOG_LEVEL: 'error' }, seededDatabase());
const origin = `http://localhost:${server.port}`;

async function api<T>(token: string | null, path: string, method = 'GET', body?: unknown): Promise<T> {
  const response = await fetch(`${origin}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Two widgets of each real-time type from admin's demo dashboards, laid out 4 by 3 at 3×4 each. */
async function createBenchDashboard(token: string): Promise<string> {
  const list = await api<DashboardsList>(token, '/v2/dashboards/');
  const demo = await Promise.all(
    list.dashboards.map(({ id }) => api<Dashboard>(token, `/v2/dashboards/${id}`)),
  );
  const all = demo.flatMap((dashboard) => dashboard.widgets);
  const picked = TYPES.flatMap((type) => {
    const ofType = all.filter((widget) => widget.type === type);
    return [ofType[0], ofType[1] ?? ofType[0]] as Widget[];
  });
  const widgets = picked.map((widget, index) => {
    const id = `bench-${index}`;
    const position = { i: id, x: (index % 4) * 3, y: Math.floor(index / 4) * 4, w: 3, h: 4 };
    return { ...widget, id, position, name: `${widget.name} (${index + 1})` };
  });
  const created = await api<Dashboard>(token, '/v2/dashboards/', 'POST', { name: NAME });
  await api<Dashboard>(token, '/v2/dashboards/', 'PUT', { ...created, widgets });
  return created.id;
}

/** Painted: the first frame after all 12 widgets of the dashboard went live. */
const PAINTED = { ready: 'article[data-live="ready"]', attribute: 'data-live', count: 12 };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
const summary = (label: string, times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `| ${label} | ${RUNS} | ${sorted[0]!.toFixed(0)} | ${percentile(sorted, 0.5).toFixed(0)} | ${percentile(sorted, 0.9).toFixed(0)} | ${sorted.at(-1)!.toFixed(0)} |`;
};

const browser = await launchBrowserForBench();
try {
  const { token } = await api<{ token: { id: string } }>(null, '/login', 'POST', {
    username: 'admin',
    password: 'Admin123',
    domain: 'demo',
    rememberMe: false,
    type: 'DOMAIN',
  }).then((session) => ({ token: session.token.id }));
  const id = await createBenchDashboard(token);

  const page = await adminDashboardPage(browser, origin, PAINTED);
  const { inApp, cold } = await timeDashboardOpening(page, { origin, id, name: NAME, runs: RUNS });

  console.log('| navigation to 12 live widgets painted | runs | min ms | p50 ms | p90 ms | max ms |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  console.log(summary('in-app (sidebar click)', inApp));
  console.log(summary('cold page load (signed in)', cold));
  const worst = Math.max(
    percentile(
      [...inApp].sort((a, b) => a - b),
      0.9,
    ),
    percentile(
      [...cold].sort((a, b) => a - b),
      0.9,
    ),
  );
  endWithBudget(worst, BUDGET_MS);
} finally {
  await browser.close();
  await server.stop();
}
