import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { LineWriteOutcome } from '../../src/machines/lineEdit/lineEdit.events';
import { lineEditMachine } from '../../src/machines/lineEdit/lineEditMachine';
import type { LineWriteRequest } from '../../src/services/contracts';
import { pageAddress, setpointLine } from '../support/devicePageFixtures';
import { describeMachinePaths, modelEvents, pending, type ModelOptions } from '../support/machinePaths';

const events = modelEvents<typeof lineEditMachine>();
const done = (output: LineWriteOutcome) => events.done('writeLine', output);
const failed = (error: unknown) => events.failed('writeLine', error);

const model: ModelOptions<typeof lineEditMachine> = {
  input: { line: setpointLine, address: pageAddress },
  events: [
    { type: 'lineEdit.change', value: '6.5' },
    { type: 'lineEdit.change', value: '' },
    { type: 'lineEdit.submit' },
    { type: 'lineEdit.cancel' },
    done('accepted'),
    done('refused'),
    failed(new Error('network')),
  ],
  serializeState: (s: SnapshotFrom<typeof lineEditMachine>) =>
    JSON.stringify({ value: s.value, filled: s.context.value.trim() !== '', error: s.context.error }),
};

describeMachinePaths('line edit machine paths', lineEditMachine, {
  models: model,
  runnable: lineEditMachine.provide({
    actors: { writeLine: pending<LineWriteOutcome, LineWriteRequest>() },
    actions: { notify: () => {} },
  }),
  check: (actor) => {
    const snapshot = actor.getSnapshot();
    if (snapshot.status === 'done') expect(['saved', 'cancelled']).toContain(snapshot.output?.result);
  },
});
