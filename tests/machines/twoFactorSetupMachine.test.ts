import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { provideTwoFactorSetup } from '../../src/machines/twoFactorSetup/provideTwoFactorSetup';
import type { TwoFactorApi, TwoFactorFailure } from '../../src/services/api/twoFactor';
import type { Clipboard } from '../../src/services/clipboard';
import { SYSTEM_IDS } from '../../src/machines/systemIds';
import { settle } from '../support/dom/settle';

const KEY = { secret: 'JBSWY3DPEHPK3PXP', qrCode: 'data:image/png;base64,AAAA' };

function start(api: Partial<TwoFactorApi> = {}, clipboard: Clipboard = { copyText: vi.fn(async () => {}) }) {
  const services = {
    fetchTwoFactorSetup: vi.fn<TwoFactorApi['fetchTwoFactorSetup']>(async () => KEY),
    verifyTwoFactorCode: vi.fn<TwoFactorApi['verifyTwoFactorCode']>(async () => {}),
    ...api,
  };
  const actor = createActor(provideTwoFactorSetup({ api: services, clipboard }), {
    input: { email: 'ops@example.com' },
  }).start();
  return { actor, services, clipboard };
}

/** From a fresh start to step 3 with `code` typed. */
async function toCode(actor: ReturnType<typeof start>['actor'], code: string) {
  await settle();
  actor.send({ type: 'twoFactor.next' });
  actor.send({ type: 'twoFactor.next' });
  actor.send({ type: 'twoFactor.editCode', value: code });
}

describe('two-factor setup machine', () => {
  it('loads a setup key, walks the three steps and ends enabled once the server accepts the code', async () => {
    const { actor, services } = start();
    expect(actor.getSnapshot().value).toBe('loading');
    await settle();
    expect(actor.getSnapshot().value).toBe('scanning');
    expect(actor.getSnapshot().context).toMatchObject(KEY);
    actor.send({ type: 'twoFactor.next' });
    expect(actor.getSnapshot().value).toEqual({ typingSecret: 'idle' });
    actor.send({ type: 'twoFactor.back' });
    expect(actor.getSnapshot().value).toBe('scanning');
    actor.send({ type: 'twoFactor.next' });
    actor.send({ type: 'twoFactor.next' });
    expect(actor.getSnapshot().value).toBe('enteringCode');
    actor.send({ type: 'twoFactor.editCode', value: ' 123456 ' });
    actor.send({ type: 'twoFactor.submit' });
    expect(actor.getSnapshot().value).toBe('verifying');
    await settle();
    expect(services.verifyTwoFactorCode).toHaveBeenCalledWith(KEY.secret, '123456', 'ops@example.com');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ enabled: true });
  });

  it.each(['', '12345', '12a456', '1234567'])('refuses %j before sending', async (code) => {
    const { actor, services } = start();
    await toCode(actor, code);
    actor.send({ type: 'twoFactor.submit' });
    expect(actor.getSnapshot().value).toBe('enteringCode');
    expect(actor.getSnapshot().context.codeError).toEqual({ id: 'twoFactor.codeFormat' });
    actor.send({ type: 'twoFactor.editCode', value: '1' });
    expect(actor.getSnapshot().context.codeError).toBeNull();
    expect(services.verifyTwoFactorCode).not.toHaveBeenCalled();
  });

  it.each<[TwoFactorFailure | Error, object]>([
    [{ kind: 'codeInvalid' }, { id: 'twoFactor.codeInvalid' }],
    [
      { kind: 'locked', message: 'Too many failed sign-in attempts.' },
      { text: 'Too many failed sign-in attempts.' },
    ],
    [
      { kind: 'throttled', minutes: 2 },
      { id: 'requests.throttled', values: { minutes: '2' } },
    ],
    [{ kind: 'unavailable' }, { id: 'twoFactor.verifyFailed' }],
    [new Error('offline'), { id: 'twoFactor.verifyFailed' }],
  ])('keeps the user on step 3 after a refusal (%j) and lets them retry', async (failure, message) => {
    const verify = vi.fn<TwoFactorApi['verifyTwoFactorCode']>().mockRejectedValueOnce(failure);
    const { actor } = start({ verifyTwoFactorCode: verify.mockResolvedValue(undefined) });
    await toCode(actor, '000000');
    actor.send({ type: 'twoFactor.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('enteringCode');
    expect(actor.getSnapshot().context.codeError).toEqual(message);
    actor.send({ type: 'twoFactor.editCode', value: '654321' });
    actor.send({ type: 'twoFactor.submit' });
    await settle();
    expect(verify).toHaveBeenLastCalledWith(KEY.secret, '654321', 'ops@example.com');
    expect(actor.getSnapshot().output).toEqual({ enabled: true });
  });

  it('copies the secret, and says so when the clipboard refuses', async () => {
    const copyText = vi.fn<Clipboard['copyText']>().mockRejectedValueOnce(new Error('denied'));
    const { actor } = start({}, { copyText: copyText.mockResolvedValue(undefined) });
    await settle();
    actor.send({ type: 'twoFactor.next' });
    actor.send({ type: 'twoFactor.copy' });
    expect(actor.getSnapshot().value).toEqual({ typingSecret: 'copying' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ typingSecret: 'copyFailed' });
    actor.send({ type: 'twoFactor.copy' });
    await settle();
    expect(copyText).toHaveBeenLastCalledWith(KEY.secret);
    expect(actor.getSnapshot().value).toEqual({ typingSecret: 'copied' });
  });

  it('ends with two-factor off when the key cannot be loaded and the user gives up, or retries', async () => {
    const fetch = vi.fn<TwoFactorApi['fetchTwoFactorSetup']>().mockRejectedValueOnce(new Error('500'));
    const { actor } = start({ fetchTwoFactorSetup: fetch.mockResolvedValue(KEY) });
    await settle();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    actor.send({ type: 'twoFactor.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('scanning');
    actor.send({ type: 'twoFactor.cancel' });
    expect(actor.getSnapshot().output).toEqual({ enabled: false });
  });

  it('may be closed while the key loads, ending with two-factor off', () => {
    const { actor } = start({ fetchTwoFactorSetup: () => new Promise(() => {}) });
    actor.send({ type: 'twoFactor.cancel' });
    expect(actor.getSnapshot().output).toEqual({ enabled: false });
  });

  it('hands its output to the machine that invoked it with the systemId the dialog host looks for', async () => {
    const parent = createMachine({
      initial: 'settingUp',
      states: {
        settingUp: {
          invoke: {
            src: provideTwoFactorSetup({
              api: { fetchTwoFactorSetup: async () => KEY, verifyTwoFactorCode: async () => {} },
              clipboard: { copyText: async () => {} },
            }),
            systemId: SYSTEM_IDS.twoFactorSetup,
            input: { email: null },
            onDone: { target: 'done', actions: ({ event }) => results.push(event.output) },
          },
        },
        done: { type: 'final' },
      },
    });
    const results: unknown[] = [];
    const actor = createActor(parent).start();
    await settle();
    actor.system.get(SYSTEM_IDS.twoFactorSetup).send({ type: 'twoFactor.cancel' });
    expect(results).toEqual([{ enabled: false }]);
    expect(actor.system.get(SYSTEM_IDS.twoFactorSetup)).toBeUndefined();
  });
});
