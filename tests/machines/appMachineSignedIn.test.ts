import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, waitFor, type AnyActorRef } from 'xstate';
import { selectThemeFont } from '../../src/machines/app/app.selectors';
import { pageRoute } from '../../src/machines/app/liveActors';
import { provideApp } from '../../src/machines/app/provideApp';
import { isProtectedPath } from '../../src/machines/app/routes';
import { restoreSession } from '../../src/machines/app/session';
import { SYSTEM_IDS } from '../../src/machines/systemIds';
import type { Api } from '../../src/services/api';
import { accountSettings, operatorSession } from '../support/fixtures/fixtures';
import { fakeServices } from '../support/fakes/fakeServices';

type Fakes = ReturnType<typeof fakeServices>;

/** The app with a stored operator session, waited until its live part (socket, tree, dashboards) runs. */
async function bootLive(fakes: Fakes = fakeServices(), settings: 'ready' | 'loadingSettings' = 'ready') {
  fakes.services.storage.writeSession(operatorSession, operatorSession.token.id);
  const actor = createActor(provideApp(fakes.services), {
    clock: new SimulatedClock(),
    input: { path: '/', themeMode: 'dark', buildId: 'build-1' },
  }).start();
  await waitFor(actor, (s) => s.matches({ signedIn: { world: 'live', settings } }));
  return actor;
}

/** Picks Merriweather in the theme dialog and saves it. */
function saveMerriweather(actor: Awaited<ReturnType<typeof bootLive>>) {
  actor.send({ type: 'accountDialog.open', dialog: 'theme' });
  const dialog = actor.system.get(SYSTEM_IDS.accountDialog) as AnyActorRef;
  dialog.send({ type: 'themeSettings.chooseFont', font: 'MERRIWEATHER' });
  dialog.send({ type: 'themeSettings.save' });
}

const LIVE_ACTORS = [SYSTEM_IDS.socket, SYSTEM_IDS.deviceTree, SYSTEM_IDS.dashboards, SYSTEM_IDS.alarms];

describe('app machine, signed in', () => {
  it('stops the live actors at logout: nothing of the session keeps listening', async () => {
    const actor = await bootLive();
    for (const id of LIVE_ACTORS) expect(actor.system.get(id), id).toBeDefined();
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    for (const id of LIVE_ACTORS) expect(actor.system.get(id), id).toBeUndefined();
  });

  it('applies a saved theme at once, without a reload, and keeps the session', async () => {
    const fakes = fakeServices();
    const actor = await bootLive(fakes);
    saveMerriweather(actor);
    await waitFor(actor, (s) => s.matches({ signedIn: { accountDialog: 'closed' } }));
    expect(selectThemeFont(actor.getSnapshot())).toBe('MERRIWEATHER');
    expect(fakes.services.browser.load).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
  });

  it('reads the settings again when a save is answered before the first read, so the older answer does not undo it', async () => {
    let stored = accountSettings;
    let answerFirstRead = () => {};
    const fetchAccountSettings = vi
      .fn<Api['fetchAccountSettings']>()
      .mockImplementationOnce(
        () => new Promise((resolve) => (answerFirstRead = () => resolve(accountSettings))),
      )
      .mockImplementation(async () => stored);
    const fakes = fakeServices({
      fetchAccountSettings,
      saveThemeSettings: async (theme) => (stored = { ...stored, ...theme }),
    });
    const actor = await bootLive(fakes, 'loadingSettings');
    saveMerriweather(actor);
    await waitFor(actor, (s) => s.matches({ signedIn: { accountDialog: 'closed' } }));
    answerFirstRead();
    await waitFor(actor, (s) => s.matches({ signedIn: { settings: 'ready' } }));
    expect(fetchAccountSettings).toHaveBeenCalledTimes(2);
    expect(selectThemeFont(actor.getSnapshot())).toBe('MERRIWEATHER');
  });
});

describe('addresses', () => {
  it('reads a device page address only when nothing follows the page number', () => {
    expect(pageRoute('/0A0B0C/1/0/pages/2')).toEqual({
      hexacode: '0A0B0C',
      department: 1,
      subDepartment: 0,
      page: 2,
    });
    expect(pageRoute('/0A0B0C/1/0/pages/2/more')).toBeNull();
  });

  it('needs a session for a device page, and sends a longer address to the 404 page instead', () => {
    expect(isProtectedPath('/0A0B0C/1/0/pages/2')).toBe(true);
    expect(isProtectedPath('/0A0B0C/1/0/pages/2/more')).toBe(false);
  });

  it('restores nothing from a stored session without a token', () => {
    expect(restoreSession({}, 'token-operator')).toBeNull();
  });
});
