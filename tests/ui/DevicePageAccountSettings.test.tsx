import '../support/fakes/resizeObserver';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { assign, fromPromise, sendTo, setup, spawnChild } from 'xstate';
import { devicePageMachine } from '../../src/machines/devicePage/devicePageMachine';
import { DEFAULT_ACCOUNT_SETTINGS, type AccountSettings } from '#contracts';
import { AppActor } from '../../src/ui/appActor';
import { DevicePageScreen } from '../../src/ui/screens/DevicePageScreen';
import type { DepartmentLookup } from '../../src/machines/devicePage/devicePage.types';
import {
  foundDepartment,
  offlineDepartment,
  pageAddress,
  pageLines,
} from '../support/fixtures/devicePageFixtures';

/**
 * The device page under a root that holds the account settings as the app machine does (context.settings) and
 * changes them as a saved settings dialog would; the tree answers `lookups` in turn, then the last one again.
 */
function renderPage(settings: Partial<AccountSettings>, lookups: DepartmentLookup[] = [foundDepartment]) {
  const refreshLines = vi.fn(async () => pageLines);
  const answers = [...lookups];
  const page = devicePageMachine.provide({
    actors: {
      lookupDepartment: fromPromise(async () => (answers.length > 1 ? answers.shift()! : answers[0]!)),
      loadLines: fromPromise(async () => pageLines),
      refreshLines: fromPromise(refreshLines),
    },
    actions: { notifyLoadFailed: () => {} },
  });
  const root = setup({
    types: {} as {
      context: { settings: AccountSettings };
      events: { type: 'settings.saved'; settings: Partial<AccountSettings> };
    },
    actors: { page },
  }).createMachine({
    context: { settings: { ...DEFAULT_ACCOUNT_SETTINGS, ...settings } },
    entry: [
      spawnChild('page', { id: 'page', systemId: 'devicePage' }),
      sendTo('page', { type: 'page.open', address: pageAddress, showRealtimeNote: false }),
    ],
    on: {
      'settings.saved': {
        actions: assign({ settings: ({ context, event }) => ({ ...context.settings, ...event.settings }) }),
      },
    },
  });
  let app: { send(event: { type: 'settings.saved'; settings: Partial<AccountSettings> }): void } | null =
    null;
  function Capture() {
    app = AppActor.useActorRef() as never;
    return null;
  }
  render(
    <AppActor.Provider logic={root as never}>
      <Capture />
      <DevicePageScreen />
    </AppActor.Provider>,
  );
  return {
    refreshLines,
    save: (change: Partial<AccountSettings>) =>
      act(() => app!.send({ type: 'settings.saved', settings: change })),
  };
}

const linesList = () => screen.getByRole('list', { name: 'Lines' });

describe('device page and the account settings', () => {
  it('offers a refresh button only with page refresh on request, and it reads the lines again', async () => {
    const { refreshLines, save } = renderPage({});
    await screen.findByRole('button', { name: 'Setpoint' });
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    save({ enablePageRefreshOnRequest: true });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() => expect(refreshLines).toHaveBeenCalledTimes(1));
  });

  it('draws dense rows in the chosen font size, as soon as they are saved', async () => {
    const { save } = renderPage({});
    const setpoint = await screen.findByRole('button', { name: 'Setpoint' });
    expect(linesList().style.fontSize).toBe('1rem');
    expect(setpoint.className).toContain('py-3');
    save({ lineHeight: 'DENSE', fontSize: 20 });
    expect(linesList().style.fontSize).toBe('1.25rem');
    // SPEC §9: a dense row is 2.25 times the font high.
    expect(screen.getByRole('button', { name: 'Setpoint' }).className).toContain('min-h-[2.25em]');
  });

  it('reads the page again when factory-settings lines are turned on or off (the server decides which it sends)', async () => {
    const { refreshLines, save } = renderPage({});
    await screen.findByRole('button', { name: 'Setpoint' });
    save({ showDepartmentNumbers: false });
    expect(refreshLines).not.toHaveBeenCalled();
    save({ enableFactorySettingsLines: true });
    await vi.waitFor(() => expect(refreshLines).toHaveBeenCalledTimes(1));
  });

  it('looks an offline department up again when factory-settings lines are turned on, and shows it once online', async () => {
    const { save } = renderPage({}, [offlineDepartment, foundDepartment]);
    await screen.findByText('Department Dairy is offline');
    save({ enableFactorySettingsLines: true });
    expect(await screen.findByRole('button', { name: 'Setpoint' })).toBeTruthy();
    expect(screen.queryByText('Department Dairy is offline')).toBeNull();
  });
});
