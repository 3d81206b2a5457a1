import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { loginMachine } from '../../src/machines/login/loginMachine';
import type { LoginFailure, LoginOutcome } from '../../src/services/api';
import type { LoginRequest } from '#contracts';
import { operatorSession } from '../support/fixtures/fixtures';
import { settle } from '../support/dom/settle';

function start(answer: (request: LoginRequest) => Promise<LoginOutcome>) {
  const authenticate = vi.fn(answer);
  const notify = vi.fn();
  const actor = createActor(
    loginMachine.provide({
      actors: { authenticate: fromPromise(({ input }: { input: LoginRequest }) => authenticate(input)) },
      actions: { notify: (_, params) => notify(params.id) },
    }),
    { input: { domain: 'demo' } },
  ).start();
  const fill = (username: string, password: string) => {
    actor.send({ type: 'login.edit', field: 'username', value: username });
    actor.send({ type: 'login.edit', field: 'password', value: password });
  };
  return { actor, authenticate, notify, fill, settle };
}

const refuse = (failure: LoginFailure) => () => Promise.reject(failure);

describe('login machine', () => {
  it('requires username and password, trimmed', () => {
    const { actor, fill, authenticate } = start(() => Promise.resolve({ kind: 'mfaRequired' }));
    fill('   ', '');
    actor.send({ type: 'login.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toMatchObject({
      username: 'login.usernameRequired',
      password: 'login.passwordRequired',
    });
    expect(authenticate).not.toHaveBeenCalled();
  });

  it('sends trimmed credentials for the tenant and ends with the session', async () => {
    const { actor, fill, authenticate } = start(() =>
      Promise.resolve({ kind: 'session', session: operatorSession }),
    );
    fill(' operator ', 'Operator123 ');
    actor.send({ type: 'login.toggleRememberMe' });
    actor.send({ type: 'login.submit' });
    expect(await toPromise(actor)).toEqual({ session: operatorSession });
    expect(authenticate).toHaveBeenCalledWith({
      username: 'operator',
      password: 'Operator123',
      domain: 'demo',
      rememberMe: true,
      type: 'DOMAIN',
    });
  });

  it.each([
    [{ kind: 'invalidCredentials' } as const, { id: 'login.invalidCredentials' }],
    [{ kind: 'locked', message: 'Try again at 10:15' } as const, { text: 'Try again at 10:15' }],
    [{ kind: 'throttled', minutes: 12 } as const, { id: 'login.throttled', values: { minutes: '12' } }],
    [{ kind: 'disabled' } as const, { id: 'login.accountDisabled' }],
    [{ kind: 'unavailable' } as const, { id: 'login.genericError' }],
  ])('shows %o inline', async (failure, message) => {
    const { actor, fill, settle } = start(refuse(failure));
    fill('operator', 'wrong');
    actor.send({ type: 'login.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editingCredentials');
    expect(actor.getSnapshot().context.error).toEqual(message);
  });

  it('asks for a 6-digit code on 202 and sends it as DOMAIN_MFA', async () => {
    const { actor, fill, authenticate, settle } = start((request) =>
      Promise.resolve(
        request.mfaCode ? { kind: 'session', session: operatorSession } : { kind: 'mfaRequired' },
      ),
    );
    fill('secure', 'Secure123');
    actor.send({ type: 'login.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editingCode');
    actor.send({ type: 'login.edit', field: 'code', value: '12' });
    actor.send({ type: 'login.submit' });
    expect(actor.getSnapshot().context.fieldErrors.code).toBe('login.codeLength');
    actor.send({ type: 'login.edit', field: 'code', value: '123456' });
    actor.send({ type: 'login.submit' });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(authenticate).toHaveBeenLastCalledWith(
      expect.objectContaining({ type: 'DOMAIN_MFA', mfaCode: '123456' }),
    );
  });

  /** Signs in as a user with two-factor on, then sends a code, which `codeAnswer` answers. */
  async function sendCode(codeAnswer: () => Promise<LoginOutcome>) {
    const started = start((request) =>
      request.mfaCode ? codeAnswer() : Promise.resolve({ kind: 'mfaRequired' }),
    );
    const { actor, fill, settle } = started;
    fill('secure', 'Secure123');
    actor.send({ type: 'login.submit' });
    await settle();
    actor.send({ type: 'login.edit', field: 'code', value: '000000' });
    actor.send({ type: 'login.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editingCode');
    return started;
  }

  it('says inline how long to wait when the network made too many attempts, also after a code was sent', async () => {
    const { actor, notify } = await sendCode(refuse({ kind: 'throttled', minutes: 3 }));
    expect(actor.getSnapshot().context.error).toEqual({ id: 'login.throttled', values: { minutes: '3' } });
    expect(notify).not.toHaveBeenCalled();
  });

  it.each([
    ['a refused code', refuse({ kind: 'invalidCredentials' }), 'login.invalidMfaCode'],
    ['a second 202', () => Promise.resolve({ kind: 'mfaRequired' } as const), 'login.invalidSecurityCode'],
    ['a server failure', refuse({ kind: 'unavailable' }), 'login.genericError'],
  ])('notifies about %s after a code was sent', async (_case, codeAnswer, messageId) => {
    const { notify } = await sendCode(codeAnswer);
    expect(notify).toHaveBeenCalledWith(messageId);
  });
});
