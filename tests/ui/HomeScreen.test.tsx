import '../support/fakes/resizeObserver';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { emptyDashboardsList } from '../support/fixtures/dashboardFixtures';
import { operatorSession } from '../support/fixtures/fixtures';
import { renderApp, storeSession } from '../support/dom/renderApp';
import { heldRequests } from '../support/servers/heldRequests';
import { server } from './setup';

describe('home screen', () => {
  it('only greets until the dashboards have loaded, then offers to create the first one', async () => {
    const lists = heldRequests('the dashboards list');
    server.use(http.get('*/api/v2/dashboards/', () => lists.hold()));
    storeSession(operatorSession);
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome, operator' });
    await lists.answer(() => {
      // The list is asked and not answered: whether there are dashboards is not known yet.
      expect(screen.queryByText(/You have no dashboards yet/)).toBeNull();
      expect(screen.queryByText('Create dashboard', { selector: 'button' })).toBeNull();
      return HttpResponse.json(emptyDashboardsList);
    });
    expect(await screen.findByText(/You have no dashboards yet/)).toBeTruthy();
    expect(screen.getByText('Create dashboard', { selector: 'button' })).toBeTruthy();
  });
});
