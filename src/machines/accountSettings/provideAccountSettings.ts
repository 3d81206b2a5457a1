import { fromPromise } from 'xstate';
import type { AppServices } from '../../services/services';
import type { AccountSettings } from '#contracts';
import { provideTwoFactorSetup } from '../twoFactorSetup/provideTwoFactorSetup';
import { accountSettingsMachine } from './accountSettingsMachine';

/** The account settings dialog bound to the API (registered in provideAccountDialogs.ts). */
export function provideAccountSettings({ api, clipboard }: Pick<AppServices, 'api' | 'clipboard'>) {
  return accountSettingsMachine.provide({
    actors: {
      loadSettings: fromPromise(() => api.fetchAccountSettings()),
      loadLanguages: fromPromise(() => api.fetchLanguages()),
      twoFactorSetup: provideTwoFactorSetup({ api, clipboard }),
      saveSettings: fromPromise(({ input }: { input: AccountSettings }) => api.saveAccountSettings(input)),
    },
  });
}
