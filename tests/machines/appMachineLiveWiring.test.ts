import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, waitFor, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { devicePageMachine } from '../../src/machines/devicePage/devicePageMachine';
import type { deviceTreeMachine } from '../../src/machines/deviceTree/deviceTreeMachine';
import { selectDeviceStatus } from '../../src/machines/deviceTree/deviceTree.selectors';
import { selectThemeFont } from '../../src/machines/app/app.selectors';
import { provideApp } from '../../src/machines/app/provideApp';
import { SYSTEM_IDS } from '../../src/machines/systemIds';
import type { AccountSettings } from '#contracts';
import type { AppServiceWorker } from '../../src/services/serviceWorker';
import { accountSettings, operatorSession } from '../support/fixtures/fixtures';
import { fakeServices } from '../support/fakes/fakeServices';

type Fakes = ReturnType<typeof fakeServices>;
type PageSnapshot = SnapshotFrom<typeof devicePageMachine>;
type TreeSnapshot = SnapshotFrom<typeof deviceTreeMachine>;

/** A service worker whose notification clicks the test makes, as the worker's message would. */
function clickableWorker() {
  let click: (route: string) => void = () => {
    throw new Error('The app did not start its service worker');
  };
  const worker: AppServiceWorker = {
    start: ({ onNotificationClick }) => {
      click = onNotificationClick;
      return () => {};
    },
    activateUpdate: () => Promise.resolve(),
  };
  return { worker, click: (route: string) => click(route) };
}

/** The app with a stored operator session at `path`, waited until its live part runs and settings are read. */
async function bootLive(fakes: Fakes, path = '/', serviceWorker?: AppServiceWorker) {
  fakes.services.storage.writeSession(operatorSession, operatorSession.token.id);
  const actor = createActor(provideApp({ ...fakes.services, serviceWorker }), {
    clock: new SimulatedClock(),
    input: { path, themeMode: 'dark', buildId: 'build-1' },
  }).start();
  await waitFor(actor, (s) => s.matches({ signedIn: { world: 'live', settings: 'ready' } }));
  return actor;
}

type App = Awaited<ReturnType<typeof bootLive>>;
const live = <T>(app: App, id: string) => app.system.get(id) as AnyActorRef & { getSnapshot(): T };

const ROOM_PAGE = (page: number) => `/0A0B0C/1/0/pages/${page}`;
const linesAsked = (fakes: Fakes) =>
  vi.mocked(fakes.services.api.lines).mock.calls.map(([query]) => query.page);

describe('app machine: what the live actors hear', () => {
  it('opens each device page the route names, one after the other', async () => {
    const fakes = fakeServices();
    const app = await bootLive(fakes, ROOM_PAGE(1));
    const page = live<PageSnapshot>(app, SYSTEM_IDS.devicePage);
    await waitFor(page, (s) => s.context.address?.page === 1 && s.matches('loaded'));

    app.send({ type: 'route.changed', path: ROOM_PAGE(2) });
    await waitFor(page, (s) => s.context.address?.page === 2 && s.matches('loaded'));
    expect(linesAsked(fakes)).toEqual([1, 2]);

    app.send({ type: 'route.changed', path: '/' });
    await waitFor(page, (s) => s.context.address === null);
  });

  it('opens the tree towards the device of a device page route', async () => {
    const app = await bootLive(fakeServices());
    const tree = live<TreeSnapshot>(app, SYSTEM_IDS.deviceTree);
    await waitFor(tree, (s) => s.matches('loaded'));
    expect(tree.getSnapshot().context.revealId).toBeNull();
    app.send({ type: 'route.changed', path: ROOM_PAGE(1) });
    await waitFor(tree, (s) => s.context.revealId !== null);
    expect(tree.getSnapshot().context.revealId).toContain('0A0B0C');
  });

  it('shows device names instead of hexacodes in the tree once that setting is saved, without a reload', async () => {
    const fakes = fakeServices();
    const app = await bootLive(fakes);
    const tree = live<TreeSnapshot>(app, SYSTEM_IDS.deviceTree);
    expect(tree.getSnapshot().context.settings.showHexacodesAsDeviceNames).toBe(true);

    app.send({ type: 'accountDialog.open', dialog: 'settings' });
    const dialog = app.system.get(SYSTEM_IDS.accountDialog) as AnyActorRef;
    await waitFor(dialog, (s) => s.matches('editing'));
    dialog.send({ type: 'settings.toggle', field: 'showHexacodesAsDeviceNames' });
    dialog.send({ type: 'settings.save' });
    await waitFor(app, (s) => s.matches({ signedIn: { accountDialog: 'closed' } }));
    expect(tree.getSnapshot().context.settings.showHexacodesAsDeviceNames).toBe(false);
    expect(fakes.services.browser.load).not.toHaveBeenCalled();
  });

  it('reads the tree again in the language chosen, once the settings are saved, and not for other settings', async () => {
    const fakes = fakeServices();
    const app = await bootLive(fakes);
    const treeReads = () => vi.mocked(fakes.services.api.getDeviceTree).mock.calls.length;
    const tree = live<TreeSnapshot>(app, SYSTEM_IDS.deviceTree);
    await waitFor(tree, (s) => s.matches('loaded'));
    const before = treeReads();
    const save = async (edit: (dialog: AnyActorRef) => void) => {
      app.send({ type: 'accountDialog.open', dialog: 'settings' });
      const dialog = app.system.get(SYSTEM_IDS.accountDialog) as AnyActorRef;
      await waitFor(dialog, (s) => s.matches('editing'));
      edit(dialog);
      dialog.send({ type: 'settings.save' });
      await waitFor(app, (s) => s.matches({ signedIn: { accountDialog: 'closed' } }));
    };
    await save((dialog) => dialog.send({ type: 'settings.toggle', field: 'showDepartmentNumbers' }));
    expect(treeReads()).toBe(before);
    await save((dialog) => dialog.send({ type: 'settings.choose', field: 'languageCode', value: 'DE' }));
    await vi.waitFor(() => expect(treeReads()).toBe(before + 1));
    expect(tree.getSnapshot().context.settings.language).toBe('de');
  });

  it('reads the open device page again in the language chosen, so its lines are named in it without a reload', async () => {
    const fakes = fakeServices();
    const app = await bootLive(fakes, ROOM_PAGE(1));
    const page = live<PageSnapshot>(app, SYSTEM_IDS.devicePage);
    await waitFor(page, (s) => s.matches('loaded'));
    // Read again as a refresh is: answered like the first read, names included.
    const reads = () => vi.mocked(fakes.services.api.refreshLines).mock.calls.length;
    const before = reads();
    app.send({ type: 'accountDialog.open', dialog: 'settings' });
    const dialog = app.system.get(SYSTEM_IDS.accountDialog) as AnyActorRef;
    await waitFor(dialog, (s) => s.matches('editing'));
    dialog.send({ type: 'settings.choose', field: 'languageCode', value: 'DE' });
    dialog.send({ type: 'settings.save' });
    await waitFor(app, (s) => s.matches({ signedIn: { accountDialog: 'closed' } }));
    await vi.waitFor(() => expect(reads()).toBe(before + 1));
    await waitFor(page, (s) => s.matches('loaded'));
  });

  it('reads the tree again with the new order once the device configuration is saved, and not when cancelled', async () => {
    const fakes = fakeServices();
    const app = await bootLive(fakes);
    const treeReads = () => vi.mocked(fakes.services.api.getDeviceTree).mock.calls.length;
    await waitFor(live<TreeSnapshot>(app, SYSTEM_IDS.deviceTree), (s) => s.matches('loaded'));
    const before = treeReads();

    app.send({ type: 'deviceConfiguration.open' });
    const cancelled = app.system.get(SYSTEM_IDS.deviceConfiguration) as AnyActorRef;
    cancelled.send({ type: 'config.cancel' });
    await waitFor(app, (s) => s.matches({ signedIn: { world: { live: 'configurationClosed' } } }));
    expect(treeReads()).toBe(before);

    app.send({ type: 'deviceConfiguration.open' });
    const dialog = app.system.get(SYSTEM_IDS.deviceConfiguration) as AnyActorRef;
    dialog.send({ type: 'config.sortDirection', direction: 'DESC' });
    dialog.send({ type: 'config.save' });
    await waitFor(app, (s) => s.matches({ signedIn: { world: { live: 'configurationClosed' } } }));
    expect(fakes.services.api.saveDeviceConfiguration).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(treeReads()).toBe(before + 1));
    expect(app.getSnapshot().context.settings?.deviceConfigurationSettings.sortDirection).toBe('DESC');
  });

  it('connects the live socket with the session token and passes on what it hears', async () => {
    const fakes = fakeServices();
    const app = await bootLive(fakes);
    const connection = fakes.socket.last();
    expect(connection.token).toBe(operatorSession.token.id);
    connection.listeners.opened();
    const socket = live<SnapshotFrom<AnyActorRef>>(app, SYSTEM_IDS.socket);
    await waitFor(socket, (s) => s.matches({ live: 'connected' }));
    const tree = live<TreeSnapshot>(app, SYSTEM_IDS.deviceTree);
    await waitFor(tree, (s) => s.matches('loaded'));
    connection.listeners.received(
      JSON.stringify({ type: 'DeviceStatus', payload: { hexacode: '0A0B0C', status: 'OFF_ALARM' } }),
    );
    await waitFor(tree, (s) => selectDeviceStatus('0A0B0C')(s) === 'OFF_ALARM');

    app.send({ type: 'session.logout' });
    await waitFor(app, (s) => s.matches('signedOut'));
    expect(connection.closed).toBe(true);
  });

  it('goes to the page a clicked alarm notification names', async () => {
    const fakes = fakeServices();
    const { worker, click } = clickableWorker();
    await bootLive(fakes, '/', worker);
    click(ROOM_PAGE(3));
    expect(fakes.services.navigation.go).toHaveBeenCalledWith(ROOM_PAGE(3));
  });

  it('goes to a dashboard once it is created', async () => {
    const fakes = fakeServices();
    const app = await bootLive(fakes);
    const dashboards = live<SnapshotFrom<AnyActorRef>>(app, SYSTEM_IDS.dashboards);
    await waitFor(dashboards, (s) => s.matches({ loaded: 'idle' }));
    dashboards.send({ type: 'dashboards.create' });
    dashboards.send({ type: 'prompt.change', value: 'Dairy' });
    dashboards.send({ type: 'prompt.submit' });
    await vi.waitFor(() => expect(fakes.services.navigation.go).toHaveBeenCalledWith('/dashboard/d-new'));
  });

  it("wears the system font until the user's settings are read, then theirs", async () => {
    let answer: (settings: AccountSettings) => void = () => {};
    const fakes = fakeServices({ fetchAccountSettings: () => new Promise((resolve) => (answer = resolve)) });
    fakes.services.storage.writeSession(operatorSession, operatorSession.token.id);
    const app = createActor(provideApp(fakes.services), {
      input: { path: '/', themeMode: 'dark', buildId: 'build-1' },
    }).start();
    await waitFor(app, (s) => s.matches({ signedIn: { settings: 'loadingSettings' } }));
    expect(selectThemeFont(app.getSnapshot())).toBe('');
    answer({ ...accountSettings, themeFont: 'LATO' });
    await waitFor(app, (s) => s.matches({ signedIn: { settings: 'ready' } }));
    expect(selectThemeFont(app.getSnapshot())).toBe('LATO');
  });
});
