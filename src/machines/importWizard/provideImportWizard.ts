import { fromPromise } from 'xstate';
import type { Api } from '../../services/api';
import type { DashboardImportInput } from '#contracts';
import { importWizardMachine } from './importWizardMachine';

/** The import wizard bound to the API and to a way of reading the chosen file. */
export const provideImportWizard = (
  api: Pick<Api, 'getDeviceTree' | 'importDashboard'>,
  readFile: (file: File) => Promise<string>,
) =>
  importWizardMachine.provide({
    actors: {
      readFile: fromPromise(({ input }: { input: { file: File } }) => readFile(input.file)),
      loadDevices: fromPromise(() => api.getDeviceTree()),
      importDashboard: fromPromise(({ input }: { input: DashboardImportInput }) =>
        api.importDashboard(input),
      ),
    },
  });
