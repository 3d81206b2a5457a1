import '../../support/fakes/resizeObserver';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, type AnyActorRef } from 'xstate';
import { dashboardEditorMachine } from '../../../src/machines/dashboardEditor/dashboardEditorMachine';
import { provideSocket } from '../../../src/machines/socket/provideSocket';
import { SYSTEM_IDS } from '../../../src/machines/systemIds';
import { type OpenedDashboard } from '#contracts';
import { DashboardGrid } from '../../../src/ui/dashboards/DashboardGrid';
import { installFakeCanvas } from '../../support/fakes/fakeCanvas';
import { fakeSocketFactory } from '../../support/fakes/fakeSocket';
import { coldRoom, dashboardOf, widgetOf } from '../../support/fixtures/widgetFixtures';

/**
 * Every real-time widget type shows its values as not live, dimmed with their age, while live data is paused or
 * when the server calls them stale, and as live again after the reconnection's snapshot: the dashboard editor and
 * the socket machine run together (as in the app), the socket on a fake connection the test speaks for.
 */
const START = Date.UTC(2026, 10, 27, 12, 0, 0);
const REPORTED_AT = START - 3 * 60_000;
const air = { ...coldRoom, lineNumber: 1, name: 'Air' };
const at = (x: number) => ({ position: { i: '', x, y: 0, w: 2, h: 4 } });
const dashboard: OpenedDashboard = dashboardOf(
  { id: 'd-live', name: 'Live widgets' },
  [
    widgetOf('CARD_CHART', [{ id: 'card', ...air }], { name: 'Card', ...at(0) }),
    widgetOf('LINE', [{ id: 'line', ...air }], { name: 'Lines', ...at(2) }),
    widgetOf('PAGE', [{ id: 'page', ...air }], { name: 'Page', ...at(4) }),
    widgetOf('TABLE', [{ id: 'table', ...air }], { name: 'Table', ...at(6) }),
    widgetOf('PICTOGRAPH', [{ id: 'picture', ...air, icon: 'thermometer' }], {
      name: 'Pictograph',
      ...at(8),
    }),
    widgetOf('BAR_CHART', [{ id: 'bar', ...air }], { name: 'Bars', ...at(10) }),
  ].map((widget) => ({ ...widget, position: { ...widget.position, i: widget.id } })),
);
const WIDGETS = ['Card', 'Lines', 'Page', 'Table', 'Pictograph', 'Bars'];

installFakeCanvas();

function startLive() {
  const socket = fakeSocketFactory();
  const editor = dashboardEditorMachine.provide({
    actors: { loadDashboard: fromPromise(async () => dashboard) },
    actions: { notify: () => {} },
  });
  const root = createActor(
    createMachine({
      invoke: [
        { id: 'socket', src: 'socket', systemId: SYSTEM_IDS.socket, input: { token: 't' } },
        { id: 'editor', src: 'editor', systemId: SYSTEM_IDS.dashboardEditor },
      ],
    }).provide({ actors: { socket: provideSocket(socket.factory), editor } }),
  ).start();
  const actor = root.getSnapshot().children.editor as AnyActorRef;
  const say = (message: object) => act(() => socket.last().listeners.received(JSON.stringify(message)));
  const values = (reportedAt: number, stale = false) =>
    say({
      type: 'LineValues',
      payload: {
        hexacode: coldRoom.hexacode,
        department: 1,
        subDepartment: 0,
        page: 1,
        lines: [{ number: 1, status: 'OK', value: '4.5', unit: '°C' }],
        reportedAt,
        stale,
      },
    });
  return { root, actor, socket, say, values };
}

/** The dashboard shown with the socket open and every widget painted with a value reported 3 min ago. */
async function showLive() {
  const live = startLive();
  live.actor.send({ type: 'dashboard.open', id: dashboard.id });
  render(<DashboardGrid actor={live.actor as never} />);
  await vi.waitFor(() => screen.getByRole('article', { name: 'Bars' }));
  act(() => live.socket.last().listeners.opened());
  live.values(REPORTED_AT);
  await painted();
  return live;
}

/** What a widget shows, as a user reads it (its article). */
const shown = (name: string) => screen.getByRole('article', { name }).textContent ?? '';
/** The renderers load lazily: every widget shows its value. */
const painted = () =>
  vi.waitFor(() => {
    for (const name of WIDGETS) expect(shown(name), name).toContain('4.5');
  });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

describe('real-time widgets and the age of their values', () => {
  it('show live values as they are, dimmed with their age while live data is paused, live again after the snapshot', async () => {
    const { root, socket, values } = await showLive();
    for (const name of WIDGETS) expect(shown(name), name).not.toMatch(/not live|stale|ago/);
    expect(shown('Card')).toContain('4.5 °C');

    act(() => socket.last().listeners.closed());
    for (const name of WIDGETS) expect(shown(name), name).toContain('not live, 3 min. ago');
    const card = within(screen.getByRole('article', { name: 'Card' })).getByText('4.5 °C', { exact: false });
    expect(card.closest('[data-liveness]')?.getAttribute('data-liveness')).toBe('paused');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(shown('Lines'), 'the age grows').toContain('not live, 4 min. ago');

    await act(() => vi.advanceTimersByTimeAsync(15_000));
    act(() => socket.last().listeners.opened());
    expect(shown('Table'), 'no snapshot yet').toContain('not live');
    values(Date.now());
    for (const name of WIDGETS) expect(shown(name), name).not.toMatch(/not live|stale|ago/);
    root.stop();
  });

  it('show a value the server calls stale with its age, until a new report', async () => {
    const { root, say, values } = await showLive();
    const department = { hexacode: coldRoom.hexacode, department: 1, subDepartment: 0 };
    say({
      type: 'Freshness',
      payload: { departments: [{ ...department, reportedAt: REPORTED_AT, stale: true }] },
    });
    for (const name of WIDGETS) expect(shown(name), name).toContain('stale, 3 min. ago');
    values(Date.now());
    for (const name of WIDGETS) expect(shown(name), name).not.toMatch(/stale|ago/);
    root.stop();
  });
});
