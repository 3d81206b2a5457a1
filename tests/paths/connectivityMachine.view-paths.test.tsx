import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { connectivityMachine } from '../../src/machines/connectivity/connectivityMachine';
import { storeSession } from '../support/dom/renderApp';
import type { ModelOptions } from '../support/paths/coveringPaths';
import { operatorSession } from '../support/fixtures/fixtures';
import { describeViewPaths, renderProduct } from '../support/paths/viewPaths';

const OFFLINE_TEXT = 'There is no internet connection';

const model: ModelOptions<typeof connectivityMachine> = {
  events: [{ type: 'network.lost' }, { type: 'network.restored' }],
  serializeState: (s) => JSON.stringify(s.value),
};

/** What the browser says about the network, as the test made it say. */
interface NetworkWorld {
  online: boolean;
}

/** The browser goes offline or back online: navigator.onLine changes and the window hears the event. */
function setNetwork(world: NetworkWorld, online: boolean) {
  world.online = online;
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => world.online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

async function start(inspect: (event: InspectionEvent) => void): Promise<NetworkWorld> {
  const world: NetworkWorld = { online: true };
  storeSession(operatorSession);
  renderProduct('/', { inspect });
  // The banners live in the signed-in layout: the path starts once it shows.
  await screen.findByRole('heading', { name: `Welcome, ${operatorSession.metadata.username}` });
  return world;
}

describeViewPaths('connectivity, played with the browser going offline and online', connectivityMachine, {
  model,
  start,
  play: async (event, world) => setNetwork(world, event.type === 'network.restored'),
  stop: () => void Reflect.deleteProperty(window.navigator, 'onLine'),
  states: {
    online: (_, world) => {
      expect(world.online, 'the browser is online').toBe(true);
      expect(screen.queryByText(OFFLINE_TEXT)).toBeNull();
      // The signed-in screen stays in front of the user whatever the network does.
      expect(
        screen.getByRole('heading', { name: `Welcome, ${operatorSession.metadata.username}` }),
      ).toBeTruthy();
    },
    offline: (_, world) => {
      expect(world.online, 'the browser is offline').toBe(false);
      // Announced at once (role alert), above the screen that stays usable.
      const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
      expect(alerts).toContain(OFFLINE_TEXT);
      expect(
        screen.getByRole('heading', { name: `Welcome, ${operatorSession.metadata.username}` }),
      ).toBeTruthy();
    },
  },
});
