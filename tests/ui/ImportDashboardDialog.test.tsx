import '../support/fakes/resizeObserver';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dashboardsList, exportedDashboard } from '../support/fixtures/dashboardFixtures';
import { dashboardHandlers } from '../support/servers/dashboardHandlers';
import { operatorSession } from '../support/fixtures/fixtures';
import { renderApp, storeSession } from '../support/dom/renderApp';
import { server } from './setup';

const fileOf = (text: string, name = 'export.json') => new File([text], name, { type: 'application/json' });

async function openWizard() {
  const user = userEvent.setup();
  const api = dashboardHandlers(dashboardsList);
  server.use(...api.handlers);
  storeSession(operatorSession);
  renderApp('/dashboard/d-overview');
  await screen.findByRole('link', { name: 'Overview' });
  await user.click(screen.getByRole('button', { name: /^Account menu/ }));
  await user.click(await screen.findByRole('menuitem', { name: 'Upload dashboard' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload dashboard' });
  return { user, api, dialog };
}

describe('import dashboard dialog', () => {
  it('requires a file and refuses one that is not an exported dashboard', async () => {
    const { user, dialog } = await openWizard();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('File is required')).toBeTruthy();
    const input = within(dialog).getByLabelText('Dashboard file');
    await user.upload(input, fileOf('{"not":"a dashboard"}'));
    expect(await within(dialog).findByText('Invalid import file')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('maps every device and department, then imports, adds and opens the dashboard', async () => {
    const { user, api, dialog } = await openWizard();
    await user.upload(
      within(dialog).getByLabelText('Dashboard file'),
      fileOf(JSON.stringify(exportedDashboard)),
    );
    expect(await within(dialog).findByText('Chosen file: export.json')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    const name = await within(dialog).findByLabelText('Dashboard name');
    expect((name as HTMLInputElement).value).toBe('Shared temperatures');
    const known = within(dialog).getByRole('combobox', { name: 'Replacement for device 0A0B0C' });
    expect((known as HTMLSelectElement).value).toBe('device-0A0B0C');
    const room = within(dialog).getByRole('combobox', {
      name: 'Replacement for department 1.0 of device 0A0B0C',
    });
    expect((room as HTMLSelectElement).value).toBe('0A0B0C-1-0');
    const unknown = within(dialog).getByRole('combobox', { name: 'Replacement for device FFEE01' });
    const far = within(dialog).getByRole('combobox', {
      name: 'Replacement for department 3.1 of device FFEE01',
    });
    expect((far as HTMLSelectElement).disabled).toBe(true);
    const statusOf = (select: HTMLElement) => select.closest('tr')!.lastElementChild!.textContent;
    expect([known, room, unknown, far].map(statusOf)).toEqual(['OK', 'OK', 'FAIL', 'FAIL']);

    // Not every replacement is chosen: nothing is imported, the missing ones are marked.
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(unknown.getAttribute('aria-invalid')).toBe('true'));
    await user.selectOptions(unknown, 'Pack controller (A1B2C3)');
    expect((far as HTMLSelectElement).disabled).toBe(false);
    await user.selectOptions(far, 'Suction MT (1.0)');
    expect([unknown, far].map(statusOf)).toEqual(['OK', 'OK']);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Create buffers for linked devices' }));
    await user.clear(name);
    await user.type(name, 'Cellar');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    const link = await screen.findByRole('link', { name: 'Cellar' });
    await waitFor(() => expect(window.location.pathname).toBe(link.getAttribute('href')));
    expect(await screen.findByText('Dashboard Cellar imported')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Upload dashboard' })).toBeNull();
    expect(api.state().dashboards.map((d) => d.name)).toContain('Cellar');
  });

  it('keeps the dialog open and reports a failed import', async () => {
    const { user, dialog } = await openWizard();
    server.use(http.post('*/api/v2/dashboards/import', () => HttpResponse.json({}, { status: 500 })));
    const empty = { ...exportedDashboard, widgets: [] };
    await user.upload(within(dialog).getByLabelText('Dashboard file'), fileOf(JSON.stringify(empty)));
    await within(dialog).findByText('Chosen file: export.json');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText("The file's widgets use no devices")).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('The dashboard could not be imported')).toBeTruthy();
    expect(within(dialog).getByLabelText('Dashboard name')).toBeTruthy();
  });
});
