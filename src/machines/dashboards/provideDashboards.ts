import { fromPromise } from 'xstate';
import type { Api, DashboardGroupSaveInput } from '../../services/api';
import type { DashboardsSorting } from '#contracts';
import { provideImportWizard } from '../importWizard/provideImportWizard';
import { dashboardsMachine } from './dashboardsMachine';

/**
 * The dashboards list bound to the dashboards API, its import wizard reading files with `readFile`; the app gives
 * it navigation and file saving as actions.
 */
export const provideDashboards = (api: Api, readFile: (file: File) => Promise<string>) =>
  dashboardsMachine.provide({
    actors: {
      loadDashboards: fromPromise(() => api.listDashboards()),
      createDashboard: fromPromise(({ input }: { input: { name: string } }) => api.createDashboard(input)),
      renameDashboard: fromPromise(({ input }: { input: { id: string; name: string } }) =>
        api.renameDashboard(input.id, input.name),
      ),
      deleteDashboard: fromPromise(({ input }: { input: { id: string } }) => api.deleteDashboard(input.id)),
      favoriteDashboard: fromPromise(({ input }: { input: { id: string } }) =>
        api.favoriteDashboard(input.id),
      ),
      saveSorting: fromPromise(({ input }: { input: DashboardsSorting }) =>
        api.updateDashboardsSorting(input),
      ),
      validateGroupName: fromPromise(({ input }: { input: { id?: string; name: string } }) =>
        api.validateDashboardGroupName(input),
      ),
      saveGroup: fromPromise(({ input }: { input: DashboardGroupSaveInput }) =>
        input.id === undefined
          ? api.createDashboardGroup(input)
          : api.updateDashboardGroup({ ...input, id: input.id }),
      ),
      deleteGroup: fromPromise(({ input }: { input: { id: string } }) => api.deleteDashboardGroup(input.id)),
      exportDashboard: fromPromise(({ input }: { input: { id: string } }) => api.exportDashboard(input.id)),
      importWizard: provideImportWizard(api, readFile),
    },
  });
