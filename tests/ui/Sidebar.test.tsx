import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createStorage } from '../../src/services/storage';
import { operatorSession } from '../support/fixtures';
import { renderApp } from '../support/renderApp';

function renderSignedIn(path: string) {
  createStorage(window.localStorage).writeSession(operatorSession, operatorSession.token.id);
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
});
