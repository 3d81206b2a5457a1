import '../support/fakes/resizeObserver';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Chart } from 'chart.js';
import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DashboardUpdate,
  DashboardVersionConflict,
  ErrorBody,
  MarkAreaElements,
  MarkAreaElementsQuery,
  type Dashboard,
} from '#contracts';
import { defrost, roomChartDashboard } from '../support/fixtures/annotationFixtures';
import { dashboardsList } from '../support/fixtures/dashboardFixtures';
import { dashboardHandlers } from '../support/servers/dashboardHandlers';
import { installFakeCanvas } from '../support/fakes/fakeCanvas';
import { operatorSession } from '../support/fixtures/fixtures';
import { historyHandler } from '../support/servers/historyHandlers';
import { renderApp, storeSession } from '../support/dom/renderApp';
import { server } from './setup';
import { accountSettingsHandler } from '../support/servers/apiHandlers';

installFakeCanvas();

// 30 March 2026, 10:00 UTC; the app runs in UTC unless told the user's zone (renderApp tells none).
const NOW = Date.parse('2026-03-30T10:00:00Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

/** The dashboard server: one chart with one annotation; dashboard saves checked against the stored version. */
function serve() {
  let stored: Dashboard = roomChartDashboard();
  const annotationSaves: { query: unknown; body: unknown }[] = [];
  const dashboardSaves: unknown[] = [];
  let failing = false;
  const error = (statusCode: number, message: string) =>
    HttpResponse.json(v.parse(ErrorBody, { statusCode, code: 'X', error: 'X', message }), {
      status: statusCode,
    });
  // The first matching handler answers: this dashboard's before the list's generic ones.
  server.use(
    historyHandler().handler,
    accountSettingsHandler({ dateFormat: 'yyyy-LL-dd HH:mm' }),
    http.get('*/api/v2/dashboards/d-overview', () => HttpResponse.json(stored)),
    http.post('*/api/v2/dashboards/widgets/mark-area-elements', async ({ request }) => {
      const query = v.parse(MarkAreaElementsQuery, Object.fromEntries(new URL(request.url).searchParams));
      const body = v.parse(MarkAreaElements, await request.json());
      annotationSaves.push({ query, body });
      if (failing) return error(500, 'Database unavailable');
      const saved = body.map((annotation, index) => ({
        ...annotation,
        id: annotation.id ?? `a-new-${index}`,
      }));
      // Like the server: annotations are stored without a new version of the dashboard.
      stored = {
        ...stored,
        widgets: stored.widgets.map((w) => (w.id === query.widget ? { ...w, markAreaElements: saved } : w)),
      };
      return HttpResponse.json(saved);
    }),
    http.put('*/api/v2/dashboards/', async ({ request }) => {
      const body = v.parse(DashboardUpdate, await request.json());
      dashboardSaves.push(body);
      if (body.version !== stored.version)
        return HttpResponse.json(
          v.parse(DashboardVersionConflict, {
            statusCode: 409,
            code: 'DASHBOARD_VERSION_CONFLICT',
            error: 'Conflict',
            message: 'Saved elsewhere',
            currentVersion: stored.version,
          }),
          { status: 409 },
        );
      stored = { ...stored, ...body, version: stored.version + 1 } as Dashboard;
      return HttpResponse.json(stored);
    }),
    ...dashboardHandlers(dashboardsList).handlers,
  );
  storeSession(operatorSession);
  renderApp('/dashboard/d-overview');
  return { annotationSaves, dashboardSaves, failWith: (on: boolean) => (failing = on) };
}

/** The mark areas the chart draws: their labels. */
const markAreaLabels = () => {
  const widget = screen.getByRole('article', { name: 'Room chart' });
  const chart = Chart.getChart(within(widget).getByRole('img') as HTMLCanvasElement)!;
  const annotations = (
    chart.options.plugins as { annotation: { annotations: { label: { content: string } }[] } }
  ).annotation.annotations;
  return Object.values(annotations).map((annotation) => annotation.label.content);
};

async function openAnnotations(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Annotations of Room chart' }));
  return screen.findByRole('dialog', { name: 'Annotations of Room chart' });
}

describe('annotations dialog', { timeout: 30_000 }, () => {
  it('lists, adds with checks, and shows a saved annotation on the chart at once, in view mode', async () => {
    const user = userEvent.setup();
    const { annotationSaves } = serve();
    const list = await openAnnotations(user);
    expect(within(list).getByText('Defrost')).toBeTruthy();
    expect(within(list).getByText('2026-03-30 04:00 – 2026-03-30 05:30')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Edit annotation Defrost' })).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: 'Add annotation' }));
    const form = await screen.findByRole('dialog', { name: 'New annotation' });
    expect(within(form).getByRole('button', { name: 'Colour: #FF0000FF' })).toBeTruthy();
    const start = within(form).getByRole('textbox', { name: 'Start date' });
    const end = within(form).getByRole('textbox', { name: 'End date' });
    expect([(start as HTMLInputElement).value, (end as HTMLInputElement).value]).toEqual([
      '2026-03-30 09:00',
      '2026-03-30 10:00',
    ]);
    await user.clear(end);
    await user.type(end, '2026-03-30 08:00');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Label is required')).toBeTruthy();
    expect(within(form).getByText('End date value must be after 2026-03-30 09:00')).toBeTruthy();
    await user.clear(start);
    await user.type(start, '30-03-2026 07:00');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Start date is invalid, use YYYY-MM-DD HH:mm format')).toBeTruthy();
    expect(annotationSaves).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: 'Label' }), 'Door open');
    await user.clear(start);
    await user.type(start, '2026-03-30 07:00{Enter}');

    const saved = await screen.findByRole('dialog', { name: 'Annotations of Room chart' });
    expect(await within(saved).findByText('Door open')).toBeTruthy();
    expect(await screen.findByText('Annotations saved')).toBeTruthy();
    expect(annotationSaves).toEqual([
      {
        query: { dashboard: 'd-overview', widget: 'w-chart' },
        body: [
          defrost,
          {
            name: 'Door open',
            color: '#FF0000FF',
            startDate: '2026-03-30T07:00:00.000Z',
            endDate: '2026-03-30T08:00:00.000Z',
          },
        ],
      },
    ]);
    await user.click(within(saved).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(markAreaLabels()).toEqual(['Defrost', 'Door open']);
  });

  it('keeps the form and what was typed when the save fails, and deletes with a save of the rest', async () => {
    const user = userEvent.setup();
    const { annotationSaves, failWith } = serve();
    const list = await openAnnotations(user);
    await user.click(within(list).getByRole('button', { name: 'Edit annotation Defrost' }));
    const form = await screen.findByRole('dialog', { name: 'Edit annotation' });
    const label = within(form).getByRole('textbox', { name: 'Label' });
    await user.clear(label);
    await user.type(label, 'Long defrost');
    failWith(true);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The annotations could not be saved')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit annotation' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Label' }) as HTMLInputElement).value).toBe('Long defrost');
    expect(annotationSaves).toHaveLength(1);

    failWith(false);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('dialog', { name: 'Annotations of Room chart' });
    await user.click(within(again).getByRole('button', { name: 'Delete annotation Defrost' }));
    expect(await within(again).findByText('No annotations yet')).toBeTruthy();
    expect(annotationSaves[1]).toEqual({ query: { dashboard: 'd-overview', widget: 'w-chart' }, body: [] });
  });

  it('saves beside edit mode: the dashboard’s next save is no version conflict and keeps the annotation', async () => {
    const user = userEvent.setup();
    const { dashboardSaves } = serve();
    await user.click(await screen.findByRole('button', { name: 'Edit dashboard' }));
    await user.click(screen.getByRole('button', { name: 'Rename dashboard' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename dashboard' });
    const name = within(rename).getByRole('textbox', { name: 'Dashboard name' });
    await user.clear(name);
    await user.type(name, 'Night shift{Enter}');

    const list = await openAnnotations(user);
    await user.click(within(list).getByRole('button', { name: 'Add annotation' }));
    await user.type(await screen.findByRole('textbox', { name: 'Label' }), 'Cleaning{Enter}');
    await within(await screen.findByRole('dialog', { name: 'Annotations of Room chart' })).findByText(
      'Cleaning',
    );
    await user.click(screen.getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The server's answer is what counts here; the 1.5 s 'saved' toast may be gone before a loaded CI looks.
    await waitFor(() => expect(dashboardSaves).toHaveLength(1));
    expect(dashboardSaves[0]).toMatchObject({
      name: 'Night shift',
      version: 3,
      widgets: [{ id: 'w-chart', markAreaElements: [{ name: 'Defrost' }, { name: 'Cleaning' }] }],
    });
    expect(screen.queryByText(/saved elsewhere|reload/i)).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Night shift', level: 1 })).toBeTruthy();
  });
});
