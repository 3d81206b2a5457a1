import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { AccountSettings } from '#contracts';
import { deviceTree, operatorSession } from '../support/fixtures/fixtures';
import { server } from './setup';
import { renderApp, storeSession } from '../support/dom/renderApp';
import { accountSettingsHandler } from '../support/servers/apiHandlers';

function renderSignedIn(path: string) {
  storeSession(operatorSession);
  return renderApp(path);
}

describe('sidebar device tree', () => {
  it('expands a device and a department and opens a page by its link', async () => {
    const user = userEvent.setup();
    renderSignedIn('/');
    const tree = await screen.findByRole('tree', { name: 'Devices' });
    expect(
      within(tree).getByRole('treeitem', { name: 'Store North, online' }).getAttribute('aria-expanded'),
    ).toBe('false');
    await user.click(within(tree).getByRole('button', { name: 'Expand 0A0B0C' }));
    const department = await within(tree).findByRole('treeitem', { name: '1.0 Department 1, online' });
    expect(department.getAttribute('aria-level')).toBe('2');
    await user.click(within(tree).getByRole('button', { name: 'Expand 1.0 Department 1' }));
    const link = await within(tree).findByRole('link', { name: '2 Setpoints' });
    expect(link.getAttribute('href')).toBe('/0A0B0C/1/0/pages/2');
    await user.click(link);
    await waitFor(() => expect(window.location.pathname).toBe('/0A0B0C/1/0/pages/2'));
    // Another device closes the open one (one device open at a time).
    await user.click(within(tree).getByRole('button', { name: 'Expand Store North' }));
    expect(within(tree).getByRole('treeitem', { name: '0A0B0C, online' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it('moves and expands with the keyboard', async () => {
    const user = userEvent.setup();
    renderSignedIn('/');
    const tree = await screen.findByRole('tree', { name: 'Devices' });
    const group = within(tree).getByRole('treeitem', { name: 'Store North, online' });
    group.focus();
    await user.keyboard('{ArrowDown}');
    const device = within(tree).getByRole('treeitem', { name: '0A0B0C, online' });
    expect(document.activeElement).toBe(device);
    await user.keyboard('{ArrowRight}');
    expect(device.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowLeft}');
    expect(device.getAttribute('aria-expanded')).toBe('false');
  });

  it('reveals the device of the route', async () => {
    renderSignedIn('/A1B2C3/1/0/pages/1');
    const tree = await screen.findByRole('tree', { name: 'Devices' });
    const member = await within(tree).findByRole('treeitem', { name: 'A1B2C3, online' });
    expect(member.getAttribute('aria-expanded')).toBe('true');
    expect(member.getAttribute('aria-level')).toBe('2');
  });

  it('opens the department of a page opened by its address, marks the page, and follows the route', async () => {
    const user = userEvent.setup();
    renderSignedIn('/0A0B0C/1/0/pages/2');
    const tree = await screen.findByRole('tree', { name: 'Devices' });
    const department = await within(tree).findByRole('treeitem', { name: '1.0 Department 1, online' });
    expect(department.getAttribute('aria-expanded')).toBe('true');
    const current = await within(tree).findByRole('link', { name: '2 Setpoints' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(within(tree).getByRole('treeitem', { name: '2 Setpoints' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const other = within(tree).getByRole('link', { name: '1 Overview' });
    expect(other.getAttribute('aria-current')).toBeNull();
    // Another page of the tree: the mark follows the route.
    await user.click(other);
    await waitFor(() => expect(other.getAttribute('aria-current')).toBe('page'));
    expect(current.getAttribute('aria-current')).toBeNull();
  });
});

describe('sidebar device order', () => {
  const devices = [
    { hexacode: '2D0002', name: 'Zeta freezer' },
    { hexacode: '2D0001', name: 'Åbyhøj cold room' },
    { hexacode: '1A0105', name: 'Case 10' },
    { hexacode: '1A0101', name: 'Case 9' },
  ];
  const tree = devices.map(({ hexacode, name }, order) => ({
    ...deviceTree[1]!,
    hexacode,
    rawHexacode: hexacode,
    key: hexacode,
    name,
    departments: [],
    order,
  }));
  const shown = async () =>
    within(await screen.findByRole('tree', { name: 'Devices' }))
      .getAllByRole('treeitem')
      .map((item) => item.getAttribute('aria-label')!.replace(/, online$/, ''));
  const settingsOf = (settings: Partial<AccountSettings>) => {
    server.use(
      http.get('*/api/v2/devices/', () => HttpResponse.json(tree)),
      accountSettingsHandler(settings),
    );
  };

  it('sorts devices by the hexacodes it shows, numbers as people count them', async () => {
    settingsOf({});
    renderSignedIn('/');
    await waitFor(async () => expect(await shown()).toEqual(['1A0101', '1A0105', '2D0001', '2D0002']));
  });

  it('sorts devices by the names it shows, in the collation of the user’s language', async () => {
    settingsOf({ showHexacodesAsDeviceNames: false, language: { code: 'DA', label: 'Dansk' } });
    renderSignedIn('/');
    // Danish puts Å after Z; English would put it with A.
    await waitFor(async () =>
      expect(await shown()).toEqual(['Case 9', 'Case 10', 'Zeta freezer', 'Åbyhøj cold room']),
    );
  });

  it('keeps the user’s own order when the devices are sorted by hand', async () => {
    settingsOf({ deviceConfigurationSettings: { sortMode: 'CUSTOM', sortDirection: 'ASC' } });
    renderSignedIn('/');
    await waitFor(async () => expect(await shown()).toEqual(['2D0002', '2D0001', '1A0105', '1A0101']));
  });
});
