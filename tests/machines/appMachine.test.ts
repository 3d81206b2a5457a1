import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor, type ActorRefFrom } from 'xstate';
import { provideApp } from '../../src/machines/app/provideApp';
import { restoreSession } from '../../src/machines/app/session';
import {
  selectLocale,
  selectRootFontPx,
  selectThemeMode,
  selectUsername,
} from '../../src/machines/app/app.selectors';
import type { appVersionMachine } from '../../src/machines/appVersion/appVersionMachine';
import { VERSION_POLL_MS } from '../../src/machines/appVersion/appVersionMachine';
import { SYSTEM_IDS } from '../../src/machines/systemIds';
import { STORAGE_KEYS } from '../../src/services/storage';
import { operatorSession } from '../support/fixtures/fixtures';
import { fakeServices } from '../support/fakes/fakeServices';

type Fakes = ReturnType<typeof fakeServices>;

function boot(fakes: Fakes, path = '/') {
  const clock = new SimulatedClock();
  const actor = createActor(provideApp(fakes.services), {
    clock,
    input: { path, themeMode: fakes.services.storage.readThemeMode(), buildId: 'build-1' },
  }).start();
  return { actor, clock };
}

const signedIn = (fakes: Fakes) => {
  fakes.services.storage.writeSession(operatorSession, operatorSession.token.id);
  return fakes;
};

/** The app booted on the login screen, whose server accepts the operator; `signInOperator` submits the form. */
async function atLogin() {
  const fakes = fakeServices({
    login: () => Promise.resolve({ kind: 'session', session: operatorSession }),
  });
  const { actor } = boot(fakes, '/login');
  await waitFor(actor, (s) => s.matches('signedOut'));
  const signInOperator = () => {
    const login = actor.getSnapshot().children[SYSTEM_IDS.login]!;
    login.send({ type: 'login.edit', field: 'username', value: 'operator' });
    login.send({ type: 'login.edit', field: 'password', value: 'Operator123' });
    login.send({ type: 'login.submit' });
  };
  return { fakes, actor, signInOperator };
}

describe('restoreSession', () => {
  it('reads a missing authority type as READ', () => {
    const stored = JSON.parse(JSON.stringify(operatorSession));
    delete stored.token.authorities[0].type;
    expect(restoreSession(stored, 'token-operator')?.token.authorities[0]?.type).toBe('READ');
  });

  it('needs the api token and a valid session', () => {
    expect(restoreSession(operatorSession, null)).toBeNull();
    expect(restoreSession({ token: {} }, 'token')).toBeNull();
  });
});

describe('app machine', () => {
  // A session loads the signed-in world with import(). A test that ends as soon as it is signed in would leave
  // that import running into the environment's teardown (EnvironmentTeardownError on a slow machine), so the
  // file loads both chunks once before its tests and every import() after is answered from the module cache.
  beforeAll(
    () => Promise.all([import('../../src/machines/app/provideSignedInWorld'), import('#i18n/en')]),
    60_000,
  );

  it('restores the session, loads settings and applies language and size', async () => {
    const { actor } = boot(signedIn(fakeServices()));
    await waitFor(actor, (s) => s.matches({ signedIn: { settings: 'ready' } }));
    expect(selectUsername(actor.getSnapshot())).toBe('operator');
    expect(selectLocale(actor.getSnapshot())).toBe('en');
    expect(selectRootFontPx(actor.getSnapshot())).toBe(18);
  });

  it('sends a visitor without a token from a protected route to /login', async () => {
    const fakes = fakeServices();
    const { actor } = boot(fakes, '/dashboard/1');
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(fakes.services.navigation.redirect).toHaveBeenCalledWith('/login');
  });

  it('sends a signed-in user away from /login to home', async () => {
    const fakes = signedIn(fakeServices());
    const { actor } = boot(fakes);
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'route.changed', path: '/login' });
    expect(fakes.services.navigation.redirect).toHaveBeenCalledWith('/');
  });

  it('stores the session after a login and goes home', async () => {
    const { fakes, actor, signInOperator } = await atLogin();
    signInOperator();
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(fakes.backing.getItem(STORAGE_KEYS.apiToken)).toBe('token-operator');
    expect(fakes.services.navigation.redirect).toHaveBeenLastCalledWith('/');
  });

  it("reads the login screen in the visitor's language until the user's own applies at sign-in", async () => {
    const { actor, signInOperator } = await atLogin();
    actor.send({ type: 'locale.choose', code: 'da' });
    expect(selectLocale(actor.getSnapshot())).toBe('da');
    signInOperator();
    await waitFor(actor, (s) => s.matches({ signedIn: { settings: 'ready' } }));
    expect(selectLocale(actor.getSnapshot()), "the user's settings say English").toBe('en');
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(selectLocale(actor.getSnapshot()), 'SPEC §4: logout returns to English').toBe('en');
  });

  it('logs out even when the logout call fails', async () => {
    const fakes = signedIn(fakeServices({ logout: () => Promise.reject(new Error('offline')) }));
    const { actor } = boot(fakes);
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(fakes.backing.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(fakes.services.navigation.redirect).toHaveBeenLastCalledWith('/login');
    expect(selectLocale(actor.getSnapshot())).toBe('en');
  });

  it('ends the session when the API refuses the token', async () => {
    const fakes = signedIn(fakeServices());
    const { actor } = boot(fakes);
    await waitFor(actor, (s) => s.matches('signedIn'));
    fakes.reportUnauthorized();
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(fakes.backing.getItem(STORAGE_KEYS.apiToken)).toBeNull();
  });

  it('keeps the dark/light choice, dark by default', () => {
    const fakes = fakeServices();
    const { actor } = boot(fakes);
    expect(selectThemeMode(actor.getSnapshot())).toBe('dark');
    actor.send({ type: 'theme.toggle' });
    expect(fakes.backing.getItem(STORAGE_KEYS.theme)).toBe('light');
  });

  it('flags a new deployment found by the 5-minute poll', async () => {
    const fakes = fakeServices({ fetchBuildId: () => Promise.resolve('build-2') });
    const { actor, clock } = boot(fakes);
    const version = actor.system.get(SYSTEM_IDS.appVersion) as ActorRefFrom<typeof appVersionMachine>;
    clock.increment(VERSION_POLL_MS);
    await waitFor(version, (s) => s.matches('outdated'));
    version.send({ type: 'app.reload' });
    expect(fakes.services.browser.reload).toHaveBeenCalled();
  });
});
