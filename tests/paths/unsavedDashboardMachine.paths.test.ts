import type { SnapshotFrom } from 'xstate';
import { unsavedDashboardMachine } from '../../src/machines/unsavedDashboard/unsavedDashboardMachine';
import { DashboardConflictError } from '../../src/services/api';
import type { Dashboard, DashboardUpdateInput } from '../../src/services/contracts';
import { editedDashboard } from '../support/dashboardEditorFixtures';
import { describeMachinePaths, modelEvents, pending, type ModelOptions } from '../support/machinePaths';

const { done, failed } = modelEvents<typeof unsavedDashboardMachine>();

const model: ModelOptions<typeof unsavedDashboardMachine> = {
  input: { draft: editedDashboard },
  events: [
    { type: 'unsaved.save' },
    { type: 'unsaved.discard' },
    done('saveDashboard', { ...editedDashboard, version: 4 }),
    failed('saveDashboard', new DashboardConflictError(5)),
    failed('saveDashboard', new Error('network')),
  ],
  serializeState: (s: SnapshotFrom<typeof unsavedDashboardMachine>) => JSON.stringify(s.value),
};

describeMachinePaths('unsaved dashboard machine paths', unsavedDashboardMachine, {
  models: model,
  runnable: unsavedDashboardMachine.provide({
    actors: { saveDashboard: pending<Dashboard, DashboardUpdateInput>() },
    actions: { notify: () => {} },
  }),
});
