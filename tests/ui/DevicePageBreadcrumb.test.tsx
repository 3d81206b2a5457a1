import '../support/fakes/resizeObserver';
import { getNodeText, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { treeDepartmentNames } from '../support/servers/devicePageServer';
import { deviceTree, operatorSession } from '../support/fixtures/fixtures';
import { renderApp, storeSession } from '../support/dom/renderApp';
import { server } from './setup';

describe('device page breadcrumb', { timeout: 20_000 }, () => {
  it('names the business group, the member device, its department and the page, the page as where the user is', async () => {
    // Pack controller (A1B2C3) is a member of the Store North group; its department 1 is Suction MT.
    server.use(treeDepartmentNames(deviceTree));
    storeSession(operatorSession);
    renderApp('/A1B2C3/1/0/pages/1');
    await screen.findByRole('heading', { level: 1, name: '1 Overview' });
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map(getNodeText)).toEqual(['Store North', 'Pack controller', 'Suction MT', '1 Overview']);
    expect(crumbs.at(-1)!.getAttribute('aria-current')).toBe('page');
  });
});
