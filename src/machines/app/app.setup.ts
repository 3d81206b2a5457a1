import {
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  setup,
  stopChild,
  type AnyActorRef,
  type AnyEventObject,
} from 'xstate';
import {
  DEFAULT_ACCOUNT_SETTINGS,
  type AccountSettings,
  type DeviceTreeItem,
  type Session,
  type SortSettings,
  type Theme,
  type ThemeMode,
} from '#contracts';
import type { AccountDialogName, AccountDialogOutput } from '../accountDialogs/accountDialog.types';
import { appVersionMachine } from '../appVersion/appVersionMachine';
import { connectivityMachine } from '../connectivity/connectivityMachine';
import type { DeviceConfigurationOutput } from '../deviceConfiguration/deviceConfiguration.events';
import type { DeviceTreeContext } from '../deviceTree/deviceTreeMachine';
import { treeSettingsOf } from '../deviceTree/treeSettings';
import { loginMachine } from '../login/loginMachine';
import { notificationsMachine } from '../notifications/notificationsMachine';
import { SYSTEM_IDS } from '../systemIds';
import type { AppEvent } from './app.events';
import {
  alarmPreferencesEvent,
  alarmPreferencesOf,
  dashboardEvent,
  dashboardsRouteEvent,
  pageEvent,
  preferencesEvent,
  revealEvent,
} from './liveActors';
import { isGuestPath, isProtectedPath, ROUTES } from './routes';
import type { SignedInWorld } from './signedInWorld';
import { notProvided } from '../notProvided';

export interface AppInput {
  /** Current location path when the app starts. */
  path: string;
  /** The stored dark/light choice (null: none yet, dark is the default). */
  themeMode: ThemeMode | null;
  /** Build id of the loaded page, compared against the deployed one. */
  buildId: string;
  /** The user's IANA time zone (the browser's); dates are written and ranges resolved on its wall clock. UTC if absent. */
  timeZone?: string;
}

export interface AppContext {
  path: string;
  themeMode: ThemeMode;
  buildId: string;
  theme: Theme | null;
  session: Session | null;
  settings: AccountSettings | null;
  timeZone: string;
  /** The language a visitor picked on the login screen: forgotten at sign-in, so a logout returns to English. */
  guestLocale: string | null;
  /** The signed-in world's machines once their chunk has loaded (null before the first sign-in). */
  world: SignedInWorld | null;
  /** The account menu's dialog that is open, if any (its actor runs as SYSTEM_IDS.accountDialog). */
  accountDialog: AccountDialogName | null;
}

/** Where a spawned live actor is found: the same name is its id and its systemId. */
type LiveActorId = Exclude<keyof SignedInWorld, 'accountDialogs'>;

type SystemLike = { get(id: string): AnyActorRef | undefined };
const live = (system: SystemLike, id: LiveActorId) => system.get(SYSTEM_IDS[id]);

/** Whether the open dashboard has unsaved changes (its editor asks about them before a logout). */
const dashboardUnsaved = (system: SystemLike): boolean =>
  (live(system, 'dashboardEditor')?.getSnapshot() as { context?: { dirty?: boolean } } | undefined)?.context
    ?.dirty === true;

const treeItems = (system: SystemLike): DeviceTreeItem[] =>
  (live(system, 'deviceTree')?.getSnapshot() as { context?: DeviceTreeContext } | undefined)?.context
    ?.items ?? [];

/**
 * id and systemId of a live actor spawned from logic held in context. XState types `id` only for logic named
 * in setup() (statelyai/xstate#5356) but honours it at run time: the id names the child and its done event.
 */
const named = (id: LiveActorId) =>
  ({ id: SYSTEM_IDS[id], systemId: SYSTEM_IDS[id] }) as unknown as { systemId: string };

/**
 * enqueueActions for the actions below, typed by hand: inside setup() TypeScript cannot infer the actions
 * map an enqueueActions belongs to (it is being inferred), and these actions enqueue only built-ins.
 * They spawn only logic held in context (no actor named in setup()).
 */
const liveActions = (
  collect: Parameters<
    typeof enqueueActions<AppContext, AppEvent, undefined, AppEvent, never, never, never, never, never>
  >[0],
) => enqueueActions<AppContext, AppEvent, undefined, AppEvent, never, never, never, never, never>(collect);

/** Tells a live actor, when it runs, what it must hear of the app now (`eventOf` the app's context). */
const tellLive = (id: LiveActorId, eventOf: (context: AppContext) => AnyEventObject) =>
  liveActions(({ context, enqueue, system }) => {
    const actor = live(system, id);
    if (actor) enqueue.sendTo(actor, eventOf(context));
  });

/** A screen's actor runs while the route is the screen's: spawned when it is shown, stopped when it is left. */
const runWhileShown = (id: 'stores' | 'reports', route: string) =>
  liveActions(({ context, enqueue, system }) => {
    const running = live(system, id);
    const shown = context.path === route;
    if (shown && !running && context.world) enqueue.spawnChild(context.world[id], named(id));
    if (!shown && running) enqueue.stopChild(SYSTEM_IDS[id]);
  });

/**
 * Navigating records the target before the router reports it, so the guard judges the new path at once
 * (and a redirect is not repeated when the route.changed of that redirect arrives).
 */
export const goTo = (path: string) =>
  [
    { type: 'assignPath', params: { path } },
    { type: 'redirect', params: { path } },
  ] as const;
export const endSession = ['forgetSession', 'clearStoredSession', ...goTo(ROUTES.login)] as const;
/** Settings that changed (read at sign-in, or saved in a dialog) reach the live actors that depend on them. */
export const applySettings = [
  'syncTreeSettings',
  'syncDevicePage',
  'syncDashboardPreferences',
  'syncAlarmPreferences',
] as const;
export const onCurrentPath = ({ context }: { context: AppContext }) => ({ path: context.path });

/** Implementations of the app machine (appMachine.ts holds its statechart). */
export const appSetup = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
  },
  actors: {
    // Services arrive through provide() (src/machines/app/provideApp.ts); these defaults only fail loudly.
    loadTheme: notProvided<Theme>('loadTheme'),
    restoreSession: fromPromise<Session | null>(() => Promise.resolve(null)),
    loadSettings: notProvided<AccountSettings>('loadSettings'),
    logout: fromPromise<void>(() => Promise.resolve()),
    /** Reports `session.expired` when the API answers 401 to our token. */
    watchSessionExpiry: fromCallback<AppEvent>(() => () => {}),
    /** Loads the chunk of the signed-in world and binds its machines to the services. */
    loadSignedInWorld: notProvided<SignedInWorld>('loadSignedInWorld'),
    login: loginMachine,
    notifications: notificationsMachine,
    connectivity: connectivityMachine,
    appVersion: appVersionMachine,
  },
  delays: { WORLD_RETRY: 10_000 },
  guards: {
    restoredSession: (_, params: { session: Session | null }) => params.session !== null,
    restoredOnGuestRoute: (_, params: { session: Session | null; path: string }) =>
      params.session !== null && isGuestPath(params.path),
    isProtectedRoute: (_, params: { path: string }) => isProtectedPath(params.path),
    isGuestRoute: (_, params: { path: string }) => isGuestPath(params.path),
    configurationSaved: (_, params: { output: DeviceConfigurationOutput }) =>
      params.output.result === 'saved',
    /** The dialog's workflow has arrived with the signed-in chunk (a name without one is not offered). */
    accountDialogAvailable: ({ context }, params: { dialog: AccountDialogName }) =>
      context.world?.accountDialogs[params.dialog] !== undefined,
    dialogSwitchedUser: (_, params: { output: AccountDialogOutput }) => params.output.session !== undefined,
    dialogChangedSettings: (_, params: { output: AccountDialogOutput }) =>
      params.output.settings !== undefined,
  },
  actions: {
    // Side effects, provided by the composition root.
    persistSession: (_, _params: { session: Session }) => {},
    clearStoredSession: () => {},
    persistThemeMode: (_, _params: { mode: ThemeMode }) => {},
    redirect: (_, _params: { path: string }) => {},
    /**
     * A full page load at `path`: nothing of the previous user survives a switch of account (SPEC §4), and the
     * page they were on may not be the new user's.
     */
    loadPage: (_, _params: { path: string }) => {},
    logError: (_, params: { what: string; error: unknown }) =>
      console.error(`App: ${params.what}`, params.error),

    assignPath: assign({ path: (_, params: { path: string }) => params.path }),
    assignTheme: assign({ theme: (_, params: { theme: Theme }) => params.theme }),
    assignSession: assign({ session: (_, params: { session: Session | null }) => params.session }),
    assignGuestLocale: assign({ guestLocale: (_, params: { code: string | null }) => params.code }),
    assignSettings: assign({ settings: (_, params: { settings: AccountSettings }) => params.settings }),
    assignWorld: assign({ world: (_, params: { world: SignedInWorld }) => params.world }),
    forgetSession: assign({ session: null, settings: null }),
    assignDeviceConfigurationSettings: assign({
      settings: ({ context }, params: { settings: SortSettings }) =>
        context.settings && { ...context.settings, deviceConfigurationSettings: params.settings },
    }),
    toggleThemeMode: assign({
      themeMode: ({ context }) => (context.themeMode === 'dark' ? 'light' : 'dark'),
    }),

    // The live actors (socket, device tree, device page) run from the world's loading until the session ends.
    spawnLiveActors: liveActions(({ context, enqueue }) => {
      const { world, session, settings } = context;
      if (!world) return;
      enqueue.spawnChild(world.socket, { ...named('socket'), input: { token: session?.token.id ?? '' } });
      enqueue.spawnChild(world.deviceTree, {
        ...named('deviceTree'),
        input: { settings: treeSettingsOf(settings) },
      });
      enqueue.spawnChild(world.dashboards, named('dashboards'));
      enqueue.spawnChild(world.devicePage, named('devicePage'));
      enqueue.spawnChild(world.dashboardEditor, named('dashboardEditor'));
      enqueue.spawnChild(world.alarms, {
        ...named('alarms'),
        input: { preferences: alarmPreferencesOf(context) },
      });
    }),
    // An explicit disconnect first (no reconnection), then the actors end with the session.
    stopLiveActors: liveActions(({ enqueue, system }) => {
      const socket = live(system, 'socket');
      if (socket) enqueue.sendTo(socket, { type: 'socket.disconnect' });
      enqueue.stopChild(SYSTEM_IDS.socket);
      enqueue.stopChild(SYSTEM_IDS.deviceTree);
      enqueue.stopChild(SYSTEM_IDS.dashboards);
      enqueue.stopChild(SYSTEM_IDS.devicePage);
      enqueue.stopChild(SYSTEM_IDS.dashboardEditor);
      enqueue.stopChild(SYSTEM_IDS.alarms);
      enqueue.stopChild(SYSTEM_IDS.stores);
      enqueue.stopChild(SYSTEM_IDS.reports);
    }),
    openDeviceConfiguration: liveActions(({ context, enqueue, system }) => {
      if (!context.world) return;
      enqueue.spawnChild(context.world.deviceConfiguration, {
        ...named('deviceConfiguration'),
        input: {
          tree: treeItems(system),
          settings: (context.settings ?? DEFAULT_ACCOUNT_SETTINGS).deviceConfigurationSettings,
        },
      });
    }),
    closeDeviceConfiguration: stopChild(SYSTEM_IDS.deviceConfiguration),
    openAccountDialog: liveActions(({ context, enqueue }) => {
      const logic = context.accountDialog && context.world?.accountDialogs[context.accountDialog];
      if (!logic || !context.session) return;
      enqueue.spawnChild(logic, {
        id: SYSTEM_IDS.accountDialog,
        systemId: SYSTEM_IDS.accountDialog,
        input: { session: context.session, settings: context.settings ?? DEFAULT_ACCOUNT_SETTINGS },
      } as unknown as { systemId: string });
    }),
    closeAccountDialog: stopChild(SYSTEM_IDS.accountDialog),
    assignAccountDialog: assign({
      accountDialog: (_, params: { dialog: AccountDialogName | null }) => params.dialog,
    }),

    // What the live actors hear of the app; nothing while the world is still loading (they start current).
    syncDevicePage: tellLive('devicePage', pageEvent),
    /** The chain overview runs while the route is /stores: its figures are read again only while shown. */
    syncStores: runWhileShown('stores', ROUTES.stores),
    /** The Reports screen runs while the route is /reports; it reads its choice from the address when it starts. */
    syncReports: runWhileShown('reports', ROUTES.reports),
    syncDashboardsRoute: liveActions(({ context, enqueue, system }) => {
      const dashboards = live(system, 'dashboards');
      if (dashboards) enqueue.sendTo(dashboards, dashboardsRouteEvent(context));
      const editor = live(system, 'dashboardEditor');
      if (editor) enqueue.sendTo(editor, dashboardEvent(context));
    }),
    /** The dashboard's dialogs write dates in the user's format and offer the buffers the user may use. */
    syncDashboardPreferences: tellLive('dashboardEditor', preferencesEvent),
    syncAlarmPreferences: tellLive('alarms', alarmPreferencesEvent),
    revealRouteDevice: tellLive('deviceTree', revealEvent),
    syncTreeSettings: liveActions(({ context, enqueue, system }) => {
      const tree = live(system, 'deviceTree');
      if (!tree) return;
      const settings = treeSettingsOf(context.settings);
      // The server names departments, pages and lines in the user's language: another language reads the tree
      // and the open device page again.
      const language = (tree.getSnapshot() as { context: { settings: { language: string } } }).context
        .settings.language;
      enqueue.sendTo(tree, { type: 'tree.settingsChanged', settings });
      if (settings.language === language) return;
      enqueue.sendTo(tree, { type: 'tree.reload' });
      const page = live(system, 'devicePage');
      if (page) enqueue.sendTo(page, { type: 'page.refresh' });
    }),
    /**
     * A logout goes on at once, unless the open dashboard has unsaved changes: its editor asks about them first
     * and answers session.logoutAllowed once they are saved or discarded (Stay keeps the session).
     */
    requestLogout: liveActions(({ enqueue, self, system }) => {
      const editor = live(system, 'dashboardEditor');
      if (editor && dashboardUnsaved(system))
        enqueue.sendTo(editor, { type: 'session.logoutRequested', replyTo: self });
      else enqueue.raise({ type: 'session.logoutAllowed' });
    }),
    reloadTree: liveActions(({ enqueue, system }) => {
      const tree = live(system, 'deviceTree');
      if (tree) enqueue.sendTo(tree, { type: 'tree.reload' });
    }),
  },
});
