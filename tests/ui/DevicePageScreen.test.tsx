import '../support/fakes/resizeObserver';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise, sendTo, setup, spawnChild } from 'xstate';
import type { DepartmentLookup, LinesResponse } from '../../src/machines/devicePage/devicePage.types';
import { devicePageMachine } from '../../src/machines/devicePage/devicePageMachine';
import { AppActor } from '../../src/ui/appActor';
import { DevicePageScreen } from '../../src/ui/screens/DevicePageScreen';
import {
  foundDepartment,
  offlineDepartment,
  pageAddress,
  pageLines,
} from '../support/fixtures/devicePageFixtures';

/** The screen under a root that runs the device page actor as the app machine does (systemId devicePage). */
function renderPage(lookup: DepartmentLookup, loadLines = () => Promise.resolve(pageLines)) {
  const lookups = vi.fn(() => Promise.resolve(lookup));
  const page = devicePageMachine.provide({
    actors: {
      lookupDepartment: fromPromise(lookups),
      loadLines: fromPromise(loadLines),
      refreshLines: fromPromise(() => Promise.resolve(pageLines)),
    },
    actions: { notifyLoadFailed: () => {} },
  });
  const root = setup({ actors: { page } }).createMachine({
    entry: [
      spawnChild('page', { id: 'page', systemId: 'devicePage' }),
      sendTo('page', { type: 'page.open', address: pageAddress, showRealtimeNote: true }),
    ],
  });
  render(
    <AppActor.Provider logic={root as never}>
      <DevicePageScreen />
    </AppActor.Provider>,
  );
  return { user: userEvent.setup(), lookups };
}

describe('device page screen', () => {
  it('lists the lines with their values and opens the line details of a writable one', async () => {
    const { user } = renderPage(foundDepartment);
    expect(await screen.findByRole('heading', { name: '1 Temperatures' })).toBeTruthy();
    expect(screen.getByText('Values on this page are updated in real time.')).toBeTruthy();
    const setpoint = await screen.findByRole('button', { name: 'Setpoint' });
    expect(setpoint.textContent).toContain('4.0 °C');
    expect(screen.queryByRole('button', { name: 'Air temperature' })).toBeNull();
    expect(screen.getByText('Air temperature')).toBeTruthy();
    expect(screen.getByText('Device offline or data unavailable')).toBeTruthy();
    await user.click(setpoint);
    expect(await screen.findByRole('dialog', { name: 'Line details' })).toBeTruthy();
  });

  it('tries again after the lines could not be loaded: looks the department up again and shows its lines', async () => {
    const loadLines = vi
      .fn<() => Promise<LinesResponse>>()
      .mockRejectedValueOnce(new Error('502'))
      .mockResolvedValue(pageLines);
    const { user, lookups } = renderPage(foundDepartment, loadLines);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Cannot load lines for department Dairy');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Setpoint' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(lookups).toHaveBeenCalledTimes(2);
  });

  it('shows the offline notice of an offline department', async () => {
    renderPage(offlineDepartment);
    expect(await screen.findByText('Department Dairy is offline')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Lines' })).toBeNull();
  });
});
