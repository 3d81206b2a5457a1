import '../support/fakes/resizeObserver';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createAppServices } from '../../src/services/appServices';
import { editedDashboard, freezerPage } from '../support/fixtures/dashboardEditorFixtures';
import { dashboardsList } from '../support/fixtures/dashboardFixtures';
import { dashboardHandlers } from '../support/servers/dashboardHandlers';
import { fakeSocketFactory } from '../support/fakes/fakeSocket';
import { operatorSession } from '../support/fixtures/fixtures';
import { renderApp, storeSession } from '../support/dom/renderApp';
import { server } from './setup';

/** A pictograph stored before icon names were checked: its second element names Object.prototype's constructor. */
const storedBeforeTheRule = {
  id: 'w-door',
  type: 'PICTOGRAPH',
  name: 'Door',
  position: { i: 'w-door', x: 6, y: 0, w: 3, h: 4 },
  elements: [
    { id: 'e-fan', ...freezerPage, lineNumber: 4, icon: 'fan' },
    { id: 'e-door', ...freezerPage, lineNumber: 5, icon: 'constructor' },
  ],
};

/** The dashboard as the server answers it: the stored JSON, unchanged. */
const answered = { ...editedDashboard, widgets: [...editedDashboard.widgets, storedBeforeTheRule] };

function renderStoredDashboard() {
  const socket = fakeSocketFactory();
  const saves: { widgets: { id: string }[] }[] = [];
  server.use(...dashboardHandlers(dashboardsList).handlers);
  // Added after the list's handlers, so they answer first.
  server.use(
    http.get('*/api/v2/dashboards/d-overview', () => HttpResponse.json(answered)),
    http.put('*/api/v2/dashboards/', async ({ request }) => {
      const body = (await request.json()) as (typeof saves)[number];
      saves.push(body);
      return HttpResponse.json({ ...editedDashboard, ...body, version: editedDashboard.version + 1 });
    }),
  );
  storeSession(operatorSession);
  renderApp('/dashboard/d-overview', socket);
  return { socket, saves };
}

const frame = (name: string) => screen.getByRole('article', { name });

describe('a dashboard stored with a widget its schema now refuses', () => {
  it('opens: the other widgets show live values, the bad one names the failed field', async () => {
    const { socket } = renderStoredDashboard();
    await screen.findByRole('article', { name: 'Door' });
    const door = frame('Door');
    expect(within(door).getByText('This widget could not be read')).toBeTruthy();
    expect(within(door).getByText('elements.1.icon: Unknown pictograph icon')).toBeTruthy();

    act(() => {
      socket.last().listeners.opened();
      socket.last().listeners.received(
        JSON.stringify({
          type: 'LineValues',
          payload: {
            ...freezerPage,
            page: 1,
            lines: [{ number: 1, status: 'OK', value: '-18.5', unit: '°C' }],
          },
        }),
      );
    });
    expect(await within(frame('Freezer line')).findByText('-18.5 °C')).toBeTruthy();
  });

  it('lets the operator delete it in edit mode and save the rest', async () => {
    const user = userEvent.setup();
    const { saves } = renderStoredDashboard();
    await user.click(await screen.findByRole('button', { name: 'Edit dashboard' }));
    expect(within(frame('Door')).queryByRole('button', { name: 'Edit widget Door' })).toBeNull();
    await user.click(within(frame('Door')).getByRole('button', { name: 'Delete widget Door' }));
    expect(screen.queryByRole('article', { name: 'Door' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Dashboard Overview saved');
    expect(saves.at(-1)!.widgets.map((widget) => widget.id)).toEqual(['w-1', 'w-2']);
  });

  it('exports it as stored, so the file holds what the server holds', async () => {
    server.use(
      http.get('*/api/v2/dashboards/d-overview/export', () =>
        HttpResponse.json(answered, {
          headers: { 'content-disposition': 'attachment; filename="Overview.json"' },
        }),
      ),
    );
    const { api } = createAppServices(window.location.origin, fakeSocketFactory().factory);
    const { dashboard, fileName } = await api.exportDashboard('d-overview');
    expect(fileName).toBe('Overview.json');
    expect(dashboard.widgets).toEqual(answered.widgets);
  });
});
