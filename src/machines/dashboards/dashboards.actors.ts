import { fromPromise, type NonReducibleUnknown } from 'xstate';
import type { DashboardExport, DashboardGroupSaveInput } from '../../services/api';
import type {
  Dashboard,
  DashboardDeleted,
  DashboardGroup,
  DashboardsList,
  DashboardsSorting,
  DashboardSummary,
} from '#contracts';
import { importWizardMachine } from '../importWizard/importWizardMachine';

/** A service the app provides (provideSignedInWorld); until then it only fails loudly. */
const provided = <T, I = NonReducibleUnknown>(name: string) =>
  fromPromise<T, I>(() => Promise.reject(new Error(`${name} not provided`)));

/** The actors of the dashboards list machine: the dashboards API, and the import wizard. */
export const dashboardsActors = {
  loadDashboards: provided<DashboardsList>('loadDashboards'),
  createDashboard: provided<Dashboard, { name: string }>('createDashboard'),
  renameDashboard: provided<DashboardSummary, { id: string; name: string }>('renameDashboard'),
  deleteDashboard: provided<DashboardDeleted, { id: string }>('deleteDashboard'),
  favoriteDashboard: provided<DashboardSummary, { id: string }>('favoriteDashboard'),
  exportDashboard: provided<DashboardExport, { id: string }>('exportDashboard'),
  saveSorting: provided<DashboardsList, DashboardsSorting>('saveSorting'),
  validateGroupName: provided<boolean, { id?: string; name: string }>('validateGroupName'),
  saveGroup: provided<DashboardGroup, DashboardGroupSaveInput>('saveGroup'),
  deleteGroup: provided<void, { id: string }>('deleteGroup'),
  /** SPEC §4 import: its services are provided to it by provideSignedInWorld too. */
  importWizard: importWizardMachine,
};
