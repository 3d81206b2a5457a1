import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromCallback, setup, spawnChild } from 'xstate';
import { appVersionMachine } from '../../src/machines/appVersion/appVersionMachine';
import type { AppVersionEvent } from '../../src/machines/appVersion/appVersion.events';
import { connectivityMachine } from '../../src/machines/connectivity/connectivityMachine';
import type { ConnectivityEvent } from '../../src/machines/connectivity/connectivity.events';
import { SYSTEM_IDS } from '../../src/machines/systemIds';
import { AppActor } from '../../src/ui/appActor';
import { Banners } from '../../src/ui/layout/Banners';

/** The banners under a root running connectivity and app version as the app machine does, with driven watchers. */
function renderBanners() {
  let network!: (event: ConnectivityEvent) => void;
  let worker!: (event: AppVersionEvent) => void;
  const reloadPage = vi.fn();
  const root = setup({
    actors: {
      connectivity: connectivityMachine.provide({
        actors: {
          watchNetwork: fromCallback<ConnectivityEvent>(({ sendBack }) => void (network = sendBack)),
        },
      }),
      appVersion: appVersionMachine.provide({
        actors: {
          watchServiceWorker: fromCallback<AppVersionEvent>(({ sendBack }) => void (worker = sendBack)),
        },
        actions: { reloadPage },
      }),
    },
  }).createMachine({
    entry: [
      spawnChild('connectivity', { systemId: SYSTEM_IDS.connectivity }),
      spawnChild('appVersion', { systemId: SYSTEM_IDS.appVersion, input: { loadedBuildId: 'build-1' } }),
    ],
  });
  render(
    <AppActor.Provider logic={root as never}>
      <Banners />
    </AppActor.Provider>,
  );
  return {
    network: (e: ConnectivityEvent) => network(e),
    worker: (e: AppVersionEvent) => worker(e),
    reloadPage,
  };
}

describe('banners', () => {
  it('says there is no internet connection while the browser is offline', async () => {
    const { network } = renderBanners();
    expect(screen.queryByRole('alert')).toBeNull();
    network({ type: 'network.lost' });
    expect((await screen.findByRole('alert')).textContent).toBe('There is no internet connection');
    network({ type: 'network.restored' });
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('offers the waiting version of the app and reloads into it', async () => {
    const { worker, reloadPage } = renderBanners();
    expect(screen.queryByText('A new version of application is available')).toBeNull();
    worker({ type: 'serviceWorker.updateInstalled' });
    expect(await screen.findByText('A new version of application is available')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloadPage).toHaveBeenCalledOnce();
  });
});
