import { describe, expect, it } from 'vitest';
import { fromCallback, fromPromise, type EventFromLogic, type SnapshotFrom } from 'xstate';
import type { AppEvent } from '../../src/machines/app/app.events';
import { appMachine } from '../../src/machines/app/appMachine';
import type { SignedInWorld } from '../../src/machines/app/signedInWorld';
import { deviceConfigurationMachine } from '../../src/machines/deviceConfiguration/deviceConfigurationMachine';
import { devicePageMachine } from '../../src/machines/devicePage/devicePageMachine';
import { deviceTreeMachine } from '../../src/machines/deviceTree/deviceTreeMachine';
import { socketMachine } from '../../src/machines/socket/socketMachine';
import { loginMachine } from '../../src/machines/login/loginMachine';
import type { LoginOutcome } from '../../src/services/api';
import type {
  AccountSettings,
  DeviceTreeItem,
  LoginRequest,
  Session,
  Theme,
} from '../../src/services/contracts';
import { accountSettings, demoTheme, operatorSession } from '../support/fixtures';
import {
  adjacencyEdges,
  describePath,
  edgePaths,
  replayPath,
  untestedTransitions,
  walkedEdges,
  type ModelOptions,
} from '../support/transitionCoverage';

type AppModelEvent = EventFromLogic<typeof appMachine>;
// Typed fixtures for what the invoked actors report.
const done = (id: string, output: unknown) =>
  ({ type: `xstate.done.actor.${id}`, output }) as unknown as AppModelEvent;
const failed = (id: string) =>
  ({ type: `xstate.error.actor.${id}`, error: new Error(id) }) as unknown as AppModelEvent;

// Actors never settle on their own: the path delivers their done and error events.
const pending = <T, I = unknown>() => fromPromise<T, I>(() => new Promise<T>(() => {}));
const world: SignedInWorld = {
  socket: socketMachine.provide({ actors: { connection: fromCallback(() => () => {}) } }),
  deviceTree: deviceTreeMachine.provide({ actors: { loadTree: pending<DeviceTreeItem[]>() } }),
  devicePage: devicePageMachine,
  deviceConfiguration: deviceConfigurationMachine,
};
const worldRetryDue = {
  type: 'xstate.after.WORLD_RETRY.app.signedIn.world.unavailable',
} as unknown as AppModelEvent;

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
const paths = models.flatMap((m) => edgePaths(appMachine, m).map((path) => ({ path, input: m.input })));

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

describe('app machine paths', () => {
  it.each(paths.map(({ path, input }) => [`${input.path}: ${describePath(path)}`, path, input] as const))(
    '%s',
    (_name, path, input) => {
      const { actor, mismatches } = replayPath(runnable, path, input);
      expect(mismatches).toEqual([]);
      expect(actor.getSnapshot().context.path).toBe(path.state.context.path);
      actor.stop();
    },
  );

  it('walks every edge of the adjacency map', () => {
    for (const m of models) {
      const walked = walkedEdges(
        paths.filter((p) => p.input === m.input).map((p) => p.path),
        m,
      );
      expect([...adjacencyEdges(appMachine, m)].filter((edge) => !walked.has(edge))).toEqual([]);
    }
  });

  it('takes every transition declared in the machine', () => {
    expect(
      untestedTransitions(
        appMachine,
        paths.map((p) => p.path),
      ),
    ).toEqual([]);
  });
});
