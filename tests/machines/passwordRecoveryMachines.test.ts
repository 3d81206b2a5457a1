import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { forgotPasswordMachine } from '../../src/machines/forgotPassword/forgotPasswordMachine';
import {
  passwordResetMachine,
  type PasswordResetKind,
} from '../../src/machines/passwordReset/passwordResetMachine';
import type { RecoveryFailure } from '../../src/services/api/passwordRecovery';
import type { PasswordReset, RecoveryTokenInfo } from '#contracts';
import { settle } from '../support/dom/settle';

describe('forgot password machine', () => {
  function start(answer: (input: { email: string }) => Promise<void>) {
    const request = vi.fn(answer);
    const actor = createActor(
      forgotPasswordMachine.provide({
        actors: { requestRecovery: fromPromise(({ input }: { input: { email: string } }) => request(input)) },
      }),
    ).start();
    return { actor, request };
  }

  it.each([
    ['', 'password.emailRequired'],
    ['operator@', 'password.emailInvalid'],
  ])('refuses %j before sending', (email, error) => {
    const { actor, request } = start(() => Promise.resolve());
    actor.send({ type: 'forgotPassword.edit', value: email });
    actor.send({ type: 'forgotPassword.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.emailError).toBe(error);
    actor.send({ type: 'forgotPassword.edit', value: 'x' });
    expect(actor.getSnapshot().context.emailError).toBeNull();
    expect(request).not.toHaveBeenCalled();
  });

  it('sends the trimmed address and ends sent', async () => {
    const { actor, request } = start(() => Promise.resolve());
    actor.send({ type: 'forgotPassword.edit', value: ' operator@example.com ' });
    actor.send({ type: 'forgotPassword.submit' });
    expect(actor.getSnapshot().value).toBe('sending');
    await settle();
    expect(request).toHaveBeenCalledWith({ email: 'operator@example.com' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('shows a failed send and lets the user send again', async () => {
    const { actor, request } = start(() => Promise.reject(new Error('offline')));
    actor.send({ type: 'forgotPassword.edit', value: 'operator@example.com' });
    actor.send({ type: 'forgotPassword.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe('password.sendFailed');
    actor.send({ type: 'forgotPassword.submit' });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('says how long to wait when this network asked too often', async () => {
    const { actor } = start(() => Promise.reject({ kind: 'throttled', minutes: 4 }));
    actor.send({ type: 'forgotPassword.edit', value: 'operator@example.com' });
    actor.send({ type: 'forgotPassword.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ error: 'requests.throttled', retryMinutes: 4 });
  });
});

describe('password reset machine', () => {
  function start(
    kind: PasswordResetKind,
    check: () => Promise<RecoveryTokenInfo>,
    save: () => Promise<void> = () => Promise.resolve(),
  ) {
    const saves = vi.fn((_: { token: string; body: PasswordReset }) => save());
    const actor = createActor(
      passwordResetMachine.provide({
        actors: {
          checkToken: fromPromise(check),
          resetPassword: fromPromise(({ input }: { input: { token: string; body: PasswordReset } }) =>
            saves(input),
          ),
        },
      }),
      { input: { kind, token: 'token-1' } },
    ).start();
    const fill = (password: string, confirmation: string) => {
      actor.send({ type: 'passwordReset.edit', field: 'password', value: password });
      actor.send({ type: 'passwordReset.edit', field: 'confirmation', value: confirmation });
    };
    return { actor, saves, fill };
  }
  const fail = (failure: RecoveryFailure) => () => Promise.reject(failure);
  const info = (kind: PasswordResetKind) => () => Promise.resolve({ kind, username: 'operator' });

  it('opens the form for a live token of its route, naming the account', async () => {
    const { actor } = start('setup', info('setup'));
    expect(actor.getSnapshot().value).toBe('checkingToken');
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.username).toBe('operator');
  });

  it.each([
    ['a dead token', fail({ kind: 'tokenInvalid' })],
    ['a token of the other route', info('recover')],
  ])('ends invalid for %s', async (_, check) => {
    const { actor } = start('setup', check);
    await settle();
    expect(actor.getSnapshot().value).toBe('invalid');
  });

  it('lets the user retry a check the server could not answer', async () => {
    const check = vi.fn<() => Promise<RecoveryTokenInfo>>().mockRejectedValueOnce({ kind: 'unavailable' });
    check.mockResolvedValue({ kind: 'recover', username: 'operator' });
    const { actor } = start('recover', check);
    await settle();
    expect(actor.getSnapshot().value).toBe('checkFailed');
    actor.send({ type: 'passwordReset.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it.each([
    [
      '',
      '',
      {
        password: { id: 'password.passwordRequired' },
        confirmation: { id: 'password.confirmationRequired' },
      },
    ],
    [
      'Secret',
      '',
      {
        password: { id: 'password.passwordTooShort', values: { n: '7' } },
        confirmation: { id: 'password.confirmationRequired' },
      },
    ],
    [
      'secret123',
      'Secret123',
      { password: { id: 'password.passwordWeak' }, confirmation: { id: 'password.confirmationMismatch' } },
    ],
    ['Secret123', '', { password: null, confirmation: { id: 'password.confirmationRequired' } }],
    ['Secret123', 'Secret12', { password: null, confirmation: { id: 'password.confirmationMismatch' } }],
  ])('checks %j / %j before sending', async (password, confirmation, errors) => {
    const { actor, saves, fill } = start('recover', info('recover'));
    await settle();
    fill(password, confirmation);
    actor.send({ type: 'passwordReset.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual(errors);
    expect(saves).not.toHaveBeenCalled();
  });

  it('toggles the visibility of both fields', async () => {
    const { actor } = start('recover', info('recover'));
    await settle();
    actor.send({ type: 'passwordReset.togglePasswordVisibility' });
    expect(actor.getSnapshot().context.passwordVisible).toBe(true);
  });

  it('saves the password with the token and ends done', async () => {
    const { actor, saves, fill } = start('recover', info('recover'));
    await settle();
    fill('Secret123', 'Secret123');
    actor.send({ type: 'passwordReset.submit' });
    expect(actor.getSnapshot().value).toBe('saving');
    await settle();
    expect(saves).toHaveBeenCalledWith({
      token: 'token-1',
      body: { password: 'Secret123' },
    });
    expect(actor.getSnapshot().value).toBe('done');
  });

  it.each([
    [{ kind: 'tokenInvalid' } as const, 'invalid', null, null],
    [
      { kind: 'invalidField', field: 'password', message: 'Too common' } as const,
      'editing',
      { text: 'Too common' },
      null,
    ],
    [{ kind: 'unavailable' } as const, 'editing', null, 'password.saveFailed'],
  ])('after a refused save (%j)', async (failure, state, passwordError, error) => {
    const { actor, fill } = start('recover', info('recover'), fail(failure));
    await settle();
    fill('Secret123', 'Secret123');
    actor.send({ type: 'passwordReset.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe(state);
    expect(actor.getSnapshot().context.fieldErrors.password).toEqual(passwordError);
    expect(actor.getSnapshot().context.error).toBe(error);
  });
});
