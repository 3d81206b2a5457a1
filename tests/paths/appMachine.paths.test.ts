import { expect } from 'vitest';
import { fromCallback, type SnapshotFrom } from 'xstate';
import type { AppEvent } from '../../src/machines/app/app.events';
import { appMachine } from '../../src/machines/app/appMachine';
import type { SignedInWorld } from '../../src/machines/app/signedInWorld';
import { alarmListMachine } from '../../src/machines/alarms/alarmListMachine';
import { dashboardEditorMachine } from '../../src/machines/dashboardEditor/dashboardEditorMachine';
import { dashboardsMachine } from '../../src/machines/dashboards/dashboardsMachine';
import { deviceConfigurationMachine } from '../../src/machines/deviceConfiguration/deviceConfigurationMachine';
import { devicePageMachine } from '../../src/machines/devicePage/devicePageMachine';
import { deviceTreeMachine } from '../../src/machines/deviceTree/deviceTreeMachine';
import { socketMachine } from '../../src/machines/socket/socketMachine';
import { loginMachine } from '../../src/machines/login/loginMachine';
import type { LoginOutcome } from '../../src/services/api';
import type {
  AccountSettings,
  DashboardsList,
  DeviceTreeItem,
  LoginRequest,
  OpenedDashboard,
  Session,
  Theme,
} from '../../src/services/contracts';
import { accountSettings, demoTheme, operatorSession } from '../support/fixtures';
import { describeMachinePaths, modelEvents, pending, type ModelOptions } from '../support/machinePaths';

// Typed fixtures for what the invoked actors report.
const { done, failed, after } = modelEvents<typeof appMachine>();

// The world's actors never settle on their own either: the path delivers their events.
const world: SignedInWorld = {
  socket: socketMachine.provide({ actors: { connection: fromCallback(() => () => {}) } }),
  deviceTree: deviceTreeMachine.provide({ actors: { loadTree: pending<DeviceTreeItem[]>() } }),
  dashboards: dashboardsMachine.provide({ actors: { loadDashboards: pending<DashboardsList>() } }),
  devicePage: devicePageMachine,
  dashboardEditor: dashboardEditorMachine.provide({
    actors: { loadDashboard: pending<OpenedDashboard, { id: string }>() },
  }),
  deviceConfiguration: deviceConfigurationMachine,
  alarms: alarmListMachine.provide({ actors: { loadAlarms: pending() } }),
};
const worldRetryDue = after('WORLD_RETRY', 'app.signedIn.world.unavailable');

const savedConfiguration = { settings: { sortMode: 'NAME', sortDirection: 'DESC' }, devices: [] };

const model: ModelOptions<typeof appMachine> = {
  input: { path: '/', themeMode: null, buildId: 'build-1' },
  events: [
    { type: 'route.changed', path: '/' },
    { type: 'route.changed', path: '/login' },
    { type: 'route.changed', path: '/no-such-page' },
    { type: 'route.changed', path: '/0A0B0C/1/0/pages/1' },
    { type: 'deviceConfiguration.open' },
    done('deviceConfiguration', { result: 'saved', configuration: savedConfiguration }),
    done('deviceConfiguration', { result: 'cancelled' }),
    { type: 'theme.toggle' },
    { type: 'session.logout' },
    { type: 'session.expired' },
    done('loadTheme', demoTheme),
    failed('loadTheme'),
    done('restoreSession', operatorSession),
    done('restoreSession', null),
    failed('restoreSession'),
    done('login', { session: operatorSession }),
    done('loadSettings', accountSettings),
    done('loadSignedInWorld', world),
    failed('loadSignedInWorld'),
    worldRetryDue,
    failed('loadSettings'),
    done('logout', undefined),
    failed('logout'),
  ],
  serializeState: (s: SnapshotFrom<typeof appMachine>) =>
    JSON.stringify({ value: s.value, path: s.context.path }),
};

// Start on each kind of route, so the restore-time guard branches are all walked.
const startPaths = ['/', '/login', '/no-such-page'];
const models = startPaths.map((path) => ({ ...model, input: { ...model.input!, path } }));

const runnable = appMachine.provide({
  actors: {
    loadTheme: pending<Theme>(),
    restoreSession: pending<Session | null>(),
    loadSettings: pending<AccountSettings>(),
    logout: pending<void>(),
    login: loginMachine.provide({ actors: { authenticate: pending<LoginOutcome, LoginRequest>() } }),
    watchSessionExpiry: fromCallback<AppEvent>(() => () => {}),
    loadSignedInWorld: pending<SignedInWorld>(),
  },
  actions: { logError: () => {} },
});

describeMachinePaths('app machine paths', appMachine, {
  models,
  runnable,
  label: (m) => m.input!.path,
  check: (actor, path) => expect(actor.getSnapshot().context.path).toBe(path.state.context.path),
});
