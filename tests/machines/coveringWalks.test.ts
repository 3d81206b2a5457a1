import { describe, expect, it } from 'vitest';
import { assign, setup, type SnapshotFrom } from 'xstate';
import { coveringPaths, modelGraph, step } from '../support/paths/coveringPaths';
import { coveringWalks } from '../support/paths/coveringWalks';
import { declarationOf } from '../support/paths/transitionCoverage';

// A door with a lock: the model the path generators are checked on (guards, a loop, a final state).
const door = setup({
  types: {
    context: {} as { tries: number },
    events: {} as { type: 'open' | 'close' | 'lock' | 'unlock' | 'leave' },
  },
  guards: { triedTwice: ({ context }) => context.tries >= 2 },
}).createMachine({
  id: 'door',
  context: { tries: 0 },
  initial: 'closed',
  states: {
    closed: { on: { open: 'opened', lock: 'locked', leave: 'gone' } },
    opened: { on: { close: 'closed' } },
    locked: {
      on: {
        unlock: [
          { guard: 'triedTwice', target: 'closed' },
          { actions: assign({ tries: ({ context }) => context.tries + 1 }) },
        ],
      },
    },
    gone: { type: 'final' },
  },
});
type Door = typeof door;
const model = {
  events: (['leave', 'open', 'close', 'lock', 'unlock'] as const).map((type) => ({ type })),
  serializeState: (s: SnapshotFrom<Door>) => JSON.stringify([s.value, s.context.tries]),
};
const declared = declarationOf(door);
const names = [...declared.states, ...declared.transitions];

/** The names a path walks, its events played on the machine itself from the start; each lands where it says. */
function walkedBy(path: ReturnType<typeof coveringWalks<Door>>[number]['path']) {
  const initial = step(door, (scope) => door.getInitialSnapshot(scope));
  const walked = new Set(initial.walked);
  let state = initial.snapshot;
  for (const { event, state: expected } of path.steps.slice(1)) {
    const next = step(door, (scope) => door.transition(state, event, scope));
    next.walked.forEach((name) => walked.add(name));
    expect(model.serializeState(next.snapshot)).toBe(model.serializeState(expected));
    state = next.snapshot;
  }
  return walked;
}

describe('covering walks', () => {
  it('walk every declared name, each walk a run the machine takes', () => {
    const walks = coveringWalks<Door>([modelGraph(door, model)], names);
    const walked = new Set(walks.flatMap(({ path }) => [...walkedBy(path)]));
    expect(names.filter((name) => !walked.has(name))).toEqual([]);
  });

  it('start the machine fewer times than one shortest path a name, and end at the final state last', () => {
    const walks = coveringWalks<Door>([modelGraph(door, model)], names);
    const shortest = coveringPaths<Door>([modelGraph(door, model)], names);
    expect(walks.length).toBeLessThan(shortest.length);
    expect(walks).toHaveLength(1);
    const events = walks[0]!.path.steps.slice(1).map((step) => step.event.type);
    expect(events.at(-1)).toBe('leave');
    expect(events.filter((type) => type === 'leave')).toHaveLength(1);
  });

  it('stop a walk at the step limit and start another (a first route as long as it must be)', () => {
    const walks = coveringWalks<Door>([modelGraph(door, model)], names, 4);
    expect(walks.length).toBeGreaterThan(1);
    walks.forEach(({ path }) => expect(path.steps.length - 1).toBeLessThanOrEqual(4));
    const walked = new Set(walks.flatMap(({ path }) => [...walkedBy(path)]));
    expect(names.filter((name) => !walked.has(name))).toEqual([]);
  });
});
