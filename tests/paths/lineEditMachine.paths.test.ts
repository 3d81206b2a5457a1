import { describe, expect, it } from 'vitest';
import { fromPromise, type EventFromLogic, type SnapshotFrom } from 'xstate';
import type { LineWriteOutcome } from '../../src/machines/lineEdit/lineEdit.events';
import { lineEditMachine } from '../../src/machines/lineEdit/lineEditMachine';
import type { LineWriteRequest } from '../../src/services/contracts';
import { pageAddress, setpointLine } from '../support/devicePageFixtures';
import {
  adjacencyEdges,
  describePath,
  edgePaths,
  replayPath,
  untestedTransitions,
  walkedEdges,
  type ModelOptions,
} from '../support/transitionCoverage';

type LineEditModelEvent = EventFromLogic<typeof lineEditMachine>;

const done = (output: LineWriteOutcome) =>
  ({ type: 'xstate.done.actor.writeLine', output }) as unknown as LineEditModelEvent;
const failed = (error: unknown) =>
  ({ type: 'xstate.error.actor.writeLine', error }) as unknown as LineEditModelEvent;

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

const paths = edgePaths(lineEditMachine, model);
const runnable = lineEditMachine.provide({
  actors: { writeLine: fromPromise<LineWriteOutcome, LineWriteRequest>(() => new Promise(() => {})) },
  actions: { notify: () => {} },
});

describe('line edit machine paths', () => {
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) => {
    const { actor, mismatches } = replayPath(runnable, path, model.input);
    expect(mismatches).toEqual([]);
    const snapshot = actor.getSnapshot();
    if (snapshot.status === 'done') expect(['saved', 'cancelled']).toContain(snapshot.output?.result);
    actor.stop();
  });

  it('walks every edge of the adjacency map', () => {
    const missing = [...adjacencyEdges(lineEditMachine, model)].filter(
      (e) => !walkedEdges(paths, model).has(e),
    );
    expect(missing).toEqual([]);
  });

  it('takes every transition declared in the machine', () => {
    expect(untestedTransitions(lineEditMachine, paths)).toEqual([]);
  });
});
