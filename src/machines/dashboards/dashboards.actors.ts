import { notProvided } from '../notProvided';
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

/** The actors of the dashboards list machine: the dashboards API, and the import wizard. */
export const dashboardsActors = {
  loadDashboards: notProvided<DashboardsList>('loadDashboards'),
  createDashboard: notProvided<Dashboard, { name: string }>('createDashboard'),
  renameDashboard: notProvided<DashboardSummary, { id: string; name: string }>('renameDashboard'),
  deleteDashboard: notProvided<DashboardDeleted, { id: string }>('deleteDashboard'),
  favoriteDashboard: notProvided<DashboardSummary, { id: string }>('favoriteDashboard'),
  exportDashboard: notProvided<DashboardExport, { id: string }>('exportDashboard'),
  saveSorting: notProvided<DashboardsList, DashboardsSorting>('saveSorting'),
  validateGroupName: notProvided<boolean, { id?: string; name: string }>('validateGroupName'),
  saveGroup: notProvided<DashboardGroup, DashboardGroupSaveInput>('saveGroup'),
  deleteGroup: notProvided<void, { id: string }>('deleteGroup'),
  /** SPEC §4 import: its services are provided to it by provideSignedInWorld too. */
  importWizard: importWizardMachine,
};
