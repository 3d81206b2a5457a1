import { describe, expect, it } from 'vitest';
import { fromPromise, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { loginMachine } from '../../src/machines/login/loginMachine';
import type { LoginOutcome } from '../../src/services/api';
import type { LoginRequest } from '../../src/services/contracts';
import { operatorSession } from '../support/fixtures';
import {
  adjacencyEdges,
  describePath,
  edgePaths,
  replayPath,
  untestedTransitions,
  walkedEdges,
  type ModelOptions,
} from '../support/transitionCoverage';

type LoginModelEvent = EventFromLogic<typeof loginMachine>;

// Typed fixtures for the outcomes of the authenticate actor (done and error events).
const done = (output: LoginOutcome) =>
  ({ type: 'xstate.done.actor.authenticate', output }) as unknown as LoginModelEvent;
const failed = (error: unknown) =>
  ({ type: 'xstate.error.actor.authenticate', error }) as unknown as LoginModelEvent;

const model: ModelOptions<typeof loginMachine> = {
  input: { domain: 'demo' },
  events: [
    { type: 'login.edit', field: 'username', value: 'operator' },
    { type: 'login.edit', field: 'username', value: '   ' },
    { type: 'login.edit', field: 'password', value: 'Operator123' },
    { type: 'login.edit', field: 'code', value: '123456' },
    { type: 'login.edit', field: 'code', value: '12' },
    { type: 'login.toggleRememberMe' },
    { type: 'login.togglePasswordVisibility' },
    { type: 'login.submit' },
    { type: 'login.back' },
    done({ kind: 'session', session: operatorSession }),
    done({ kind: 'mfaRequired' }),
    failed({ kind: 'invalidCredentials' }),
    failed({ kind: 'locked', message: 'Locked until 10:15' }),
    failed({ kind: 'unavailable' }),
  ],
  // Field text matters only as valid/invalid; toggles and messages do not change what can happen next.
  serializeState: (s: SnapshotFrom<typeof loginMachine>) =>
    JSON.stringify({
      value: s.value,
      username: s.context.username.trim() !== '',
      password: s.context.password.trim() !== '',
      code: /^\d{6}$/.test(s.context.code),
    }),
  // Edits of the code happen on the code step only, so the credentials graph stays small.
  filterEvents: (s, e) => !(e.type === 'login.edit' && e.field === 'code' && !s.matches('editingCode')),
};

const paths = edgePaths(loginMachine, model);
const runnable = loginMachine.provide({
  actors: { authenticate: fromPromise<LoginOutcome, LoginRequest>(() => new Promise(() => {})) },
  actions: { notify: () => {} },
});

describe('login machine paths', () => {
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) => {
    const { actor, mismatches } = replayPath(runnable, path, model.input);
    expect(mismatches).toEqual([]);
    const snapshot = actor.getSnapshot();
    if (snapshot.status === 'done') expect(snapshot.output?.session).toEqual(operatorSession);
    actor.stop();
  });

  it('walks every edge of the adjacency map', () => {
    const missing = [...adjacencyEdges(loginMachine, model)].filter((e) => !walkedEdges(paths, model).has(e));
    expect(missing).toEqual([]);
  });

  it('takes every transition declared in the machine', () => {
    expect(untestedTransitions(loginMachine, paths)).toEqual([]);
  });
});
