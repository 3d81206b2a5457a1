import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import type { AccountDialogOutput } from '../../src/machines/accountDialogs/accountDialog.types';
import { themeSettingsMachine } from '../../src/machines/themeSettings/themeSettingsMachine';
import { DEFAULT_ACCOUNT_SETTINGS, type AccountSettings } from '#contracts';
import type { ThemeSettings } from '#contracts/themeSettings';
import { operatorSession } from '../support/fixtures/fixtures';
import { settle } from '../support/dom/settle';

function start(save: (theme: ThemeSettings) => Promise<AccountSettings>) {
  const saveTheme = vi.fn(save);
  const notify = vi.fn();
  const actor = createActor(
    themeSettingsMachine.provide({
      actors: { saveTheme: fromPromise(({ input }: { input: ThemeSettings }) => saveTheme(input)) },
      actions: { notify: (_, params) => notify(params.kind, params.id) },
    }),
    {
      input: {
        session: operatorSession,
        settings: { ...DEFAULT_ACCOUNT_SETTINGS, themeFont: 'LATO', themeSize: 'SMALL' },
      },
    },
  ).start();
  return { actor, saveTheme, notify };
}

describe('theme settings machine', () => {
  it('starts from the account’s font and size', () => {
    const { actor } = start(() => Promise.reject(new Error('not called')));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.theme).toEqual({ themeFont: 'LATO', themeSize: 'SMALL' });
  });

  it('saves the chosen font and size and ends with the settings the server answered', async () => {
    const answered = { ...DEFAULT_ACCOUNT_SETTINGS, themeFont: 'MERRIWEATHER', themeSize: 'LARGE' } as const;
    const { actor, saveTheme, notify } = start(() => Promise.resolve(answered));
    actor.send({ type: 'themeSettings.chooseFont', font: 'OSWALD' });
    actor.send({ type: 'themeSettings.chooseFont', font: 'MERRIWEATHER' });
    actor.send({ type: 'themeSettings.chooseSize', size: 'LARGE' });
    actor.send({ type: 'themeSettings.save' });
    expect(actor.getSnapshot().value).toBe('saving');
    // Nothing but waiting while the server has it.
    actor.send({ type: 'themeSettings.chooseSize', size: 'SMALL' });
    actor.send({ type: 'themeSettings.cancel' });
    const output: AccountDialogOutput = await toPromise(actor);
    expect(saveTheme).toHaveBeenCalledExactlyOnceWith({ themeFont: 'MERRIWEATHER', themeSize: 'LARGE' });
    expect(output).toEqual({ settings: answered });
    expect(notify.mock.calls).toEqual([['success', 'themeSettings.saved']]);
  });

  it('says a failed save and keeps the choice, to save again', async () => {
    const answers = [Promise.reject(new Error('500')), Promise.resolve(DEFAULT_ACCOUNT_SETTINGS)];
    answers[0]!.catch(() => undefined);
    const { actor, saveTheme, notify } = start(() => answers.shift()!);
    actor.send({ type: 'themeSettings.chooseSize', size: 'EXTRA_LARGE' });
    actor.send({ type: 'themeSettings.save' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.theme).toEqual({ themeFont: 'LATO', themeSize: 'EXTRA_LARGE' });
    expect(notify.mock.calls).toEqual([['error', 'themeSettings.saveFailed']]);
    actor.send({ type: 'themeSettings.save' });
    await toPromise(actor);
    expect(saveTheme).toHaveBeenCalledTimes(2);
  });

  it('ends with nothing when cancelled, whatever was chosen', async () => {
    const { actor, saveTheme } = start(() => Promise.reject(new Error('not called')));
    actor.send({ type: 'themeSettings.chooseFont', font: 'PROMPT' });
    actor.send({ type: 'themeSettings.cancel' });
    expect(await toPromise(actor)).toEqual({});
    expect(saveTheme).not.toHaveBeenCalled();
  });
});
