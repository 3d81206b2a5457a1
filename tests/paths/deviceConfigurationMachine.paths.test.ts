import { describe, expect, it } from 'vitest';
import { fromPromise, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { deviceConfigurationMachine } from '../../src/machines/deviceConfiguration/deviceConfigurationMachine';
import type { DeviceConfigurationSave } from '../../src/services/contracts';
import { deviceTree } from '../support/devicePageFixtures';
import {
  adjacencyEdges,
  describePath,
  edgePaths,
  replayPath,
  untestedTransitions,
  walkedEdges,
  type ModelOptions,
} from '../support/transitionCoverage';

type ConfigModelEvent = EventFromLogic<typeof deviceConfigurationMachine>;

const saved = { type: 'xstate.done.actor.saveConfiguration' } as unknown as ConfigModelEvent;
const saveFailed = {
  type: 'xstate.error.actor.saveConfiguration',
  error: new Error('500'),
} as unknown as ConfigModelEvent;

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

const paths = edgePaths(deviceConfigurationMachine, model);
const runnable = deviceConfigurationMachine.provide({
  actors: { saveConfiguration: fromPromise<void, DeviceConfigurationSave>(() => new Promise(() => {})) },
  actions: { notify: () => {} },
});

describe('device configuration machine paths', () => {
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) => {
    const { actor, mismatches } = replayPath(runnable, path, model.input);
    expect(mismatches).toEqual([]);
    actor.stop();
  });

  it('walks every edge of the adjacency map', () => {
    const missing = [...adjacencyEdges(deviceConfigurationMachine, model)].filter(
      (e) => !walkedEdges(paths, model).has(e),
    );
    expect(missing).toEqual([]);
  });

  it('takes every transition declared in the machine', () => {
    expect(untestedTransitions(deviceConfigurationMachine, paths)).toEqual([]);
  });
});
