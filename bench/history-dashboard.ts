/**
 * Time from navigation to a dashboard of 4 historical widgets over 30 days painted with their history.
 *
 *   npx vite build && node --import tsx bench/history-dashboard.ts [--runs 10]
 *
 * Starts the real server (demo: its weeks of history are backfilled in the background first, then waited for),
 * builds a dashboard for admin of the four historical widget types from the demo 'Last weeks' dashboard, each
 * over LAST_30_DAYS, then in headless Chromium measures, `runs` times each (default 10):
 *  - in-app: from the click on the dashboard in the sidebar (another dashboard open) until every widget shows
 *    its history (data-history="ready": its query answered and drawn) and the next frame has been painted;
 *  - cold: a full page load of /dashboard/{id} (signed in, cache warm), from navigation start to the same point.
 */
import { parseArgs } from 'node:util';
import type { Dashboard, DashboardsList, HistoryResult, Widget } from '#contracts';
import { startServer } from '../tests/e2e/support/server';
import { seededDatabase } from './support/seededDatabase';
import { callApi } from './support/api';
import { launchBrowserForBench } from './support/browser';
import { percentile } from './support/stats';
import { adminDashboardPage, endWithBudget, timeDashboardOpening } from './support/dashboardOpening';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '10' } } });
const RUNS = Number(args.runs);
const BUDGET_MS = 1000;
const TYPES = ['LINE_CHART', 'MULTIPLE_Y_CHART', 'MULTIGRID_CHART', 'COLLAPSABLE_TABLE'] as const;
const NAME = 'Bench: 4 history widgets, 30 days';
const THIRTY_DAYS = { start: null, end: null, type: 'LAST_30_DAYS', compareTo: null } as const;

const server = await startServer({ LOG_LEVEL: 'error' }, seededDatabase());
const api = <T>(token: string | null, path: string, method = 'GET', body?: unknown) =>
  callApi<T>(server.port, method, `/api${path}`, body, token ?? undefined);

/** One widget of each historical type from admin's demo dashboards, 6 × 5 each on a 2 × 2 grid, over 30 days. */
async function createBenchDashboard(token: string): Promise<{ id: string; widgets: Widget[] }> {
  const list = await api<DashboardsList>(token, '/v2/dashboards/');
  const demo = await Promise.all(
    list.dashboards.map(({ id }) => api<Dashboard>(token, `/v2/dashboards/${id}`)),
  );
  const all = demo.flatMap((dashboard) => dashboard.widgets);
  const widgets = TYPES.map((type, index) => {
    const widget = all.find((candidate) => candidate.type === type);
    if (!widget) throw new Error(`no demo widget of type ${type}`);
    const id = `bench-history-${index}`;
    const position = { i: id, x: (index % 2) * 6, y: Math.floor(index / 2) * 5, w: 6, h: 5 };
    return { ...widget, id, position, interval: THIRTY_DAYS } as Widget;
  });
  const created = await api<Dashboard>(token, '/v2/dashboards/', 'POST', { name: NAME });
  await api<Dashboard>(token, '/v2/dashboards/', 'PUT', { ...created, widgets });
  return { id: created.id, widgets };
}

/** Waits until the demo backfill has filled the first widget's 30 days (it runs after the server answers). */
async function waitForHistory(token: string, widget: Widget) {
  const element = widget.elements[0]!;
  const query = {
    series: [
      {
        id: element.id,
        hexacode: element.hexacode,
        department: element.department,
        subDepartment: element.subDepartment,
        page: element.pageNumber,
        line: element.lineNumber,
        pcNumber: element.buffer?.pcNumber ?? element.pcNumber ?? 1,
      },
    ],
    from: new Date(Date.now() - 30 * 24 * 3600_000).toISOString(),
    to: new Date().toISOString(),
  };
  for (let tries = 0; tries < 120; tries++) {
    const result = await api<HistoryResult>(token, '/v2/history/query', 'POST', query);
    if (result.series[0]!.points.avg.filter((value) => value !== null).length > 100) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the demo history was not backfilled within two minutes');
}

/** Painted: the first frame after every history widget has drawn its series. */
const PAINTED = { ready: '[data-history="ready"]', attribute: 'data-history', count: TYPES.length };

const row = (label: string, times: number[]) =>
  `| ${label} | ${times.length} | ${Math.min(...times).toFixed(0)} | ${percentile(times, 50).toFixed(0)} | ${percentile(times, 90).toFixed(0)} | ${Math.max(...times).toFixed(0)} |`;

const browser = await launchBrowserForBench();
try {
  const session = await api<{ token: { id: string } }>(null, '/login', 'POST', {
    username: 'admin',
    password: 'Admin123',
    domain: 'demo',
    rememberMe: false,
    type: 'DOMAIN',
  });
  const token = session.token.id;
  const { id, widgets } = await createBenchDashboard(token);
  await waitForHistory(token, widgets[0]!);

  const origin = `http://localhost:${server.port}`;
  const page = await adminDashboardPage(browser, origin, PAINTED);
  const { inApp, cold } = await timeDashboardOpening(page, { origin, id, name: NAME, runs: RUNS });

  console.log(
    '| navigation to 4 history widgets (30 days) painted | runs | min ms | p50 ms | p90 ms | max ms |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  console.log(row('in-app (sidebar click)', inApp));
  console.log(row('cold page load (signed in)', cold));
  const worst = Math.max(percentile(inApp, 90), percentile(cold, 90));
  endWithBudget(worst, BUDGET_MS);
} finally {
  await browser.close();
  await server.stop();
}
