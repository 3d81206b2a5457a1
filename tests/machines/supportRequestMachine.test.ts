import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import type { SupportFailure } from '../../src/services/api/support';
import {
  selectCanSendCopy,
  selectFieldError,
  selectSendError,
  selectSendsCopy,
} from '../../src/machines/supportRequest/supportRequest.selectors';
import {
  supportRequestMachine,
  type SendSupportRequest,
} from '../../src/machines/supportRequest/supportRequestMachine';
import { DEFAULT_ACCOUNT_SETTINGS, SUPPORT_TITLE_MAX_LENGTH } from '#contracts';
import { operatorSession } from '../support/fixtures/fixtures';
import { settle } from '../support/dom/settle';

function start(email: string | null, send: () => Promise<unknown> = () => Promise.resolve()) {
  const sendRequest = vi.fn((_: SendSupportRequest) => send());
  const notify = vi.fn();
  const actor = createActor(
    supportRequestMachine.provide({
      actors: {
        sendRequest: fromPromise(async ({ input }: { input: SendSupportRequest }) => {
          await sendRequest(input);
          return { id: 'request-1', status: 'OPEN' as const };
        }),
      },
      actions: { notify: (_, params) => notify(params.kind, params.id) },
    }),
    { input: { session: operatorSession, settings: { ...DEFAULT_ACCOUNT_SETTINGS, email } } },
  ).start();
  const edit = (field: 'title' | 'description' | 'email', value: string) =>
    actor.send({ type: 'support.edit', field, value });
  return { actor, edit, sendRequest, notify, settle };
}

describe('support request machine', () => {
  it("starts from the account's e-mail with 'send me a copy' on", () => {
    const { actor } = start('ops@store101.example');
    expect(actor.getSnapshot().context.email).toBe('ops@store101.example');
    expect(selectSendsCopy(actor.getSnapshot())).toBe(true);
    expect(selectCanSendCopy(actor.getSnapshot())).toBe(true);
  });

  it('refuses to send without a title and a description, or with a malformed e-mail', () => {
    const { actor, edit, sendRequest } = start(null);
    actor.send({ type: 'support.submit' });
    const errors = (s = actor.getSnapshot()) =>
      (['title', 'description', 'email'] as const).map((field) => selectFieldError(field)(s));
    expect(errors()).toEqual(['support.titleRequired', 'support.descriptionRequired', null]);
    edit('title', 'x'.repeat(SUPPORT_TITLE_MAX_LENGTH + 1));
    edit('description', '   ');
    edit('email', 'ops@');
    // Editing a field clears its message until the next try.
    expect(errors()).toEqual([null, null, null]);
    actor.send({ type: 'support.submit' });
    expect(errors()).toEqual(['support.titleTooLong', 'support.descriptionRequired', 'support.emailInvalid']);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(sendRequest).not.toHaveBeenCalled();
  });

  it("offers 'send me a copy' only with an e-mail, and sends it only then", async () => {
    const { actor, edit, sendRequest, settle } = start(null);
    expect(selectCanSendCopy(actor.getSnapshot())).toBe(false);
    expect(selectSendsCopy(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'support.copyToggled', value: false });
    edit('email', 'ops@store101.example');
    // The choice made without an e-mail was refused: the default (on) stands.
    expect(selectSendsCopy(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'support.copyToggled', value: false });
    expect(selectSendsCopy(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'support.copyToggled', value: true });
    edit('email', '  ');
    edit('title', ' Door alarm ');
    edit('description', ' Stays red. ');
    actor.send({ type: 'support.submit' });
    await settle();
    expect(sendRequest).toHaveBeenCalledWith({
      request: { title: 'Door alarm', description: 'Stays red.', status: 'OPEN' },
      sendMeACopy: false,
    });
  });

  it('ends with nothing changed and a thank-you once sent', async () => {
    const { actor, edit, sendRequest, notify } = start('ops@store101.example');
    edit('title', 'Export');
    edit('description', 'PDF export of dashboards');
    actor.send({ type: 'support.submit' });
    expect(actor.getSnapshot().value).toBe('sending');
    await expect(toPromise(actor)).resolves.toEqual({});
    expect(sendRequest).toHaveBeenCalledWith({
      request: {
        title: 'Export',
        description: 'PDF export of dashboards',
        email: 'ops@store101.example',
        status: 'OPEN',
      },
      sendMeACopy: true,
    });
    expect(notify).toHaveBeenCalledWith('success', 'support.sent');
  });

  it('keeps the form after a failed send, saying why, and sends again', async () => {
    let failure: SupportFailure | null = { kind: 'limitReached' };
    const { actor, edit, settle, sendRequest } = start(null, () =>
      failure ? Promise.reject(failure) : Promise.resolve(),
    );
    edit('title', 'Export');
    edit('description', 'PDF');
    actor.send({ type: 'support.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectSendError(actor.getSnapshot())).toBe('support.limitReached');
    failure = { kind: 'unavailable' };
    actor.send({ type: 'support.submit' });
    expect(selectSendError(actor.getSnapshot())).toBeNull();
    await settle();
    expect(selectSendError(actor.getSnapshot())).toBe('support.sendFailed');
    expect(actor.getSnapshot().context.title).toBe('Export');
    failure = null;
    actor.send({ type: 'support.submit' });
    await expect(toPromise(actor)).resolves.toEqual({});
    expect(sendRequest).toHaveBeenCalledTimes(3);
  });

  it('closes on cancel without sending', async () => {
    const { actor, sendRequest } = start(null);
    actor.send({ type: 'support.cancel' });
    await expect(toPromise(actor)).resolves.toEqual({});
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(sendRequest).not.toHaveBeenCalled();
  });
});
