import { fromPromise } from 'xstate';
import type { Api } from '../../services/api';
import type { ThemeSettings } from '#contracts/themeSettings';
import { themeSettingsMachine } from './themeSettingsMachine';

/** The theme dialog's workflow bound to the API. */
export const provideThemeSettings = (api: Pick<Api, 'saveThemeSettings'>) =>
  themeSettingsMachine.provide({
    actors: {
      saveTheme: fromPromise(({ input }: { input: ThemeSettings }) => api.saveThemeSettings(input)),
    },
  });
