import type { SnapshotFrom } from 'xstate';
import { elementLineEditMachine } from '../../src/machines/elementLineEdit/elementLineEditMachine';
import type { LinesQuery } from '../../src/services/api';
import type { Line } from '../../src/services/contracts/devices';
import { editedDashboard } from '../support/dashboardEditorFixtures';
import { setpointLine } from '../support/devicePageFixtures';
import { describeMachinePaths, modelEvents, pending, type ModelOptions } from '../support/machinePaths';

const { done, failed } = modelEvents<typeof elementLineEditMachine>();
const element = editedDashboard.widgets[0]!.elements[0]!;

const serializeState = (s: SnapshotFrom<typeof elementLineEditMachine>) =>
  JSON.stringify({ value: s.value, line: s.context.line !== null });

const events = [
  done('loadLine', setpointLine),
  done('loadLine', { ...setpointLine, readOnly: true }),
  done('loadLine', null),
  failed('loadLine'),
  done('lineEdit', { result: 'saved' }),
];

const models: ModelOptions<typeof elementLineEditMachine>[] = [
  { input: { element }, events, serializeState },
  // An element without a line address cannot be edited: the machine ends at once.
  { input: { element: { ...element, lineNumber: null } }, events, serializeState },
];

describeMachinePaths('element line edit machine paths', elementLineEditMachine, {
  models,
  label: (model) => (model.input?.element.lineNumber === null ? 'no address' : 'addressed'),
  runnable: elementLineEditMachine.provide({
    actors: { loadLine: pending<Line | null, LinesQuery & { line: number }>() },
    actions: { notify: () => {} },
  }),
});
