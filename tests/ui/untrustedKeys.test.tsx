import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { deviceConfigurationMachine } from '../../src/machines/deviceConfiguration/deviceConfigurationMachine';
import { DeviceConfigurationDialog } from '../../src/ui/dialogs/DeviceConfigurationDialog';
import { fontFamily, SYSTEM_FONT_STACK } from '../../src/ui/fonts';
import { deviceTree } from '../support/fixtures/devicePageFixtures';
import { renderApp } from '../support/dom/renderApp';

/** Keys a plain object answers from Object.prototype. */
const PROTOTYPE_KEYS = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];

describe('views looking up strings the server or the address bar sends', () => {
  it('a theme font the list lacks is the system font', () => {
    expect(fontFamily('LATO')).toBe(`Lato, ${SYSTEM_FONT_STACK}`);
    for (const font of PROTOTYPE_KEYS) expect(fontFamily(font), font).toBe(SYSTEM_FONT_STACK);
  });

  it('the 404 page shows a ?message= that is no catalogue id as is', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const message of PROTOTYPE_KEYS) {
      const { unmount } = renderApp(`/not-found?message=${message}`);
      expect(await screen.findByText(message)).toBeTruthy();
      unmount();
    }
    expect(logged).not.toHaveBeenCalled();
  });

  it('the device configuration shows no name error for a device keyed like a prototype member', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const tree = PROTOTYPE_KEYS.map((key, order) => ({
      ...deviceTree[1]!,
      key,
      order,
      hexacode: `0B0${order}`,
    }));
    const actor = createActor(
      deviceConfigurationMachine.provide({
        actors: { saveConfiguration: fromPromise(() => Promise.resolve()) },
        actions: { notify: () => {} },
      }),
      { input: { tree, settings: { sortMode: 'CUSTOM', sortDirection: 'ASC' } } },
    ).start();
    render(<DeviceConfigurationDialog actor={actor} />);
    expect(screen.getAllByRole('textbox', { name: 'Device name of Bakery' })).toHaveLength(4);
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
    expect(logged).not.toHaveBeenCalled();
    actor.stop();
  });
});
