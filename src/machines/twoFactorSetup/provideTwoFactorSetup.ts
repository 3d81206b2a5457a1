import { fromPromise } from 'xstate';
import type { TwoFactorApi } from '../../services/api/twoFactor';
import type { Clipboard } from '../../services/clipboard';
import { twoFactorSetupMachine } from './twoFactorSetupMachine';

export interface TwoFactorSetupServices {
  api: TwoFactorApi;
  clipboard: Clipboard;
}

/**
 * The setup machine bound to the services: the account settings dialog's machine invokes it (with systemId
 * SYSTEM_IDS.twoFactorSetup) when the user turns two-factor on.
 */
export function provideTwoFactorSetup({ api, clipboard }: TwoFactorSetupServices) {
  return twoFactorSetupMachine.provide({
    actors: {
      fetchSetupKey: fromPromise(() => api.fetchTwoFactorSetup()),
      verifyCode: fromPromise(
        ({ input }: { input: { secret: string; code: string; email: string | null } }) =>
          api.verifyTwoFactorCode(input.secret, input.code, input.email),
      ),
      copyText: fromPromise(({ input }: { input: { text: string } }) => clipboard.copyText(input.text)),
    },
  });
}
