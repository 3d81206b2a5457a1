import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { loginMachine } from '../../src/machines/login/loginMachine';
import type { LoginOutcome } from '../../src/services/api';
import type { LoginRequest } from '../../src/services/contracts';
import { operatorSession } from '../support/fixtures';
import { describeMachinePaths, modelEvents, pending, type ModelOptions } from '../support/machinePaths';

const events = modelEvents<typeof loginMachine>();
// Typed fixtures for the outcomes of the authenticate actor (done and error events).
const done = (output: LoginOutcome) => events.done('authenticate', output);
const failed = (error: unknown) => events.failed('authenticate', error);

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

describeMachinePaths('login machine paths', loginMachine, {
  models: model,
  runnable: loginMachine.provide({
    actors: { authenticate: pending<LoginOutcome, LoginRequest>() },
    actions: { notify: () => {} },
  }),
  check: (actor) => {
    const snapshot = actor.getSnapshot();
    if (snapshot.status === 'done') expect(snapshot.output?.session).toEqual(operatorSession);
  },
});
