import type { SnapshotFrom } from 'xstate';
import { importWizardMachine } from '../../src/machines/importWizard/importWizardMachine';
import type { Dashboard, DashboardImportInput, DeviceTreeItem } from '../../src/services/contracts';
import { exportedDashboard, fullDashboard, summary } from '../support/dashboardFixtures';
import { deviceTree } from '../support/fixtures';
import { describeMachinePaths, modelEvents, pending } from '../support/machinePaths';

const { done, failed } = modelEvents<typeof importWizardMachine>();

describeMachinePaths('import wizard machine paths', importWizardMachine, {
  models: {
    events: [
      { type: 'import.chooseFile', file: new File(['{}'], 'export.json') },
      { type: 'import.chooseFile', file: null },
      { type: 'import.next' },
      { type: 'import.back' },
      { type: 'import.rename', value: '' },
      { type: 'import.mapDevice', hexacode: 'FFEE01', key: 'device-A1B2C3' },
      {
        type: 'import.mapDepartment',
        hexacode: 'FFEE01',
        department: 3,
        subDepartment: 1,
        key: 'A1B2C3-1-0',
      },
      { type: 'import.toggleBuffers' },
      { type: 'import.submit' },
      { type: 'import.cancel' },
      done('readFile', JSON.stringify(exportedDashboard)),
      done('readFile', 'not json'),
      failed('readFile'),
      done('loadDevices', deviceTree),
      failed('loadDevices'),
      done('importDashboard', fullDashboard(summary('d-imported', 'Shared temperatures'))),
      failed('importDashboard'),
    ],
    // What decides the next step: the state, whether a file was accepted, and whether the name and each
    // replacement are chosen.
    serializeState: (s: SnapshotFrom<typeof importWizardMachine>) =>
      JSON.stringify({
        value: s.value,
        document: s.context.document !== null,
        named: s.context.name.trim() !== '',
        mapped: s.context.mappings.map((m) => [m.key !== null, ...m.departments.map((d) => d.key !== null)]),
      }),
  },
  runnable: importWizardMachine.provide({
    actors: {
      readFile: pending<string, { file: File }>(),
      loadDevices: pending<DeviceTreeItem[]>(),
      importDashboard: pending<Dashboard, DashboardImportInput>(),
    },
    actions: { notify: () => {} },
  }),
});
