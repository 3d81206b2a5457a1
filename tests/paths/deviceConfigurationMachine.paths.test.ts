import type { SnapshotFrom } from 'xstate';
import { deviceConfigurationMachine } from '../../src/machines/deviceConfiguration/deviceConfigurationMachine';
import type { DeviceConfigurationSave } from '../../src/services/contracts';
import { deviceTree } from '../support/devicePageFixtures';
import { describeMachinePaths, modelEvents, pending, type ModelOptions } from '../support/machinePaths';

const { done, failed } = modelEvents<typeof deviceConfigurationMachine>();
const saved = done('saveConfiguration');
const saveFailed = failed('saveConfiguration', new Error('500'));

const model: ModelOptions<typeof deviceConfigurationMachine> = {
  input: { tree: deviceTree, settings: { sortMode: 'NAME', sortDirection: 'ASC' } },
  events: [
    { type: 'config.rename', key: 'device-0B00', label: '' },
    { type: 'config.rename', key: 'device-0B00', label: 'Bakery' },
    { type: 'config.sortMode', mode: 'CUSTOM' },
    { type: 'config.sortMode', mode: 'NAME' },
    { type: 'config.sortDirection', direction: 'DESC' },
    { type: 'config.move', key: 'device-0B00', toIndex: 2 },
    { type: 'config.search', text: 'bak' },
    { type: 'config.search', text: '' },
    { type: 'config.save' },
    { type: 'config.cancel' },
    saved,
    saveFailed,
  ],
  // What decides the next step: the state, missing names, the sort mode and whether a search is active.
  serializeState: (s: SnapshotFrom<typeof deviceConfigurationMachine>) =>
    JSON.stringify({
      value: s.value,
      invalid: Object.keys(s.context.errors).length > 0,
      mode: s.context.settings.sortMode,
      searching: s.context.search !== '',
    }),
};

describeMachinePaths('device configuration machine paths', deviceConfigurationMachine, {
  models: model,
  runnable: deviceConfigurationMachine.provide({
    actors: { saveConfiguration: pending<void, DeviceConfigurationSave>() },
    actions: { notify: () => {} },
  }),
});
