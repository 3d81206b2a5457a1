import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type Actor,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type InputFrom,
} from 'xstate';
import { coveringPaths, modelGraph, type ModelOptions, type Path } from './coveringPaths';
import { pathCoverage } from './pathCoverage';
import { coverageRecorder, declarationOf } from './transitionCoverage';

export type { ModelOptions, Path } from './coveringPaths';

/** An actor that never settles on its own: the path delivers its done and error events. */
export const pending = <T, I = unknown>() => fromPromise<T, I>(() => new Promise<T>(() => {}));

/** Builders for the events invoked actors and delays produce, typed as events of the machine `M`. */
export function modelEvents<M extends AnyStateMachine>() {
  type ModelEvent = EventFromLogic<M>;
  return {
    done: (id: string, output?: unknown) =>
      ({ type: `xstate.done.actor.${id}`, output }) as unknown as ModelEvent,
    failed: (id: string, error: unknown = new Error(id)) =>
      ({ type: `xstate.error.actor.${id}`, error }) as unknown as ModelEvent,
    /** A delayed event, as the machine names it: `xstate.after.<delay>.<state id>`. */
    after: (delay: string, stateId: string) =>
      ({ type: `xstate.after.${delay}.${stateId}` }) as unknown as ModelEvent,
  };
}

export interface MachinePathSuite<M extends AnyStateMachine> {
  /** One model, or several (e.g. one per input); together they must walk the whole declaration. */
  models: ModelOptions<M> | readonly ModelOptions<M>[];
  /** The machine with fake services provided; defaults to the machine itself. */
  runnable?: M;
  /** Prefix of the test names of a model's paths, to tell several models apart. */
  label?: (model: ModelOptions<M>) => string;
  /** Machine-specific assertions on the actor once the path has been replayed. */
  check?: (actor: Actor<M>, path: Path<M>) => void;
  /**
   * Declared states or transitions no path can walk, by the name the coverage test prints, each with the
   * reason it is unreachable. Shown in the `npm run test:paths` table; an allowance that is walked fails.
   */
  unreachable?: Readonly<Record<string, string>>;
}

/**
 * Replays a path on a real actor of `logic` (the machine with fake services provided), checking it reaches
 * the same state values, and records the declared states and transitions the actor walked. Delays run on a
 * simulated clock that is never advanced, so delayed events happen only when the path sends them.
 */
export function replayPath<M extends AnyStateMachine>(logic: M, path: Path<M>, input?: InputFrom<M>) {
  const recorder = coverageRecorder();
  const actor = createActor(logic, {
    input,
    clock: new SimulatedClock(),
    inspect: recorder.inspect,
  } as never);
  recorder.follow(actor);
  actor.start();
  recorder.add(actor.getSnapshot() as AnyMachineSnapshot);
  const mismatches: string[] = [];
  for (const step of path.steps.slice(1)) {
    actor.send(step.event);
    const actual = JSON.stringify((actor.getSnapshot() as AnyMachineSnapshot).value);
    const expected = JSON.stringify((step.state as AnyMachineSnapshot).value);
    if (actual !== expected) mismatches.push(`after ${step.event.type}: ${actual} instead of ${expected}`);
  }
  return { actor: actor as Actor<M>, mismatches, walked: recorder.walked };
}

export const describePath = (path: { steps: { event: { type: string } }[] }) =>
  path.steps
    .slice(1)
    .map((step) => step.event.type)
    .join(' → ') || '(initial)';

/**
 * The model-based path tests of one machine: a covering set of paths (see coveringPaths.ts), each replayed
 * on a real actor, then a coverage test that fails naming every declared state, event transition, guard
 * branch, eventless branch and delayed transition no replay walked.
 */
export function describeMachinePaths<M extends AnyStateMachine>(
  title: string,
  machine: M,
  { models, runnable = machine, label, check, unreachable = {} }: MachinePathSuite<M>,
) {
  const modelList: readonly ModelOptions<M>[] = Array.isArray(models) ? models : [models as ModelOptions<M>];
  const declaration = declarationOf(machine);
  const declared = [...declaration.transitions, ...declaration.states];
  const chosen = coveringPaths<M>(
    modelList.map((model) => modelGraph(machine, model)),
    declared,
  );
  const cases = chosen.map(({ model: index, path }) => {
    const model = modelList[index]!;
    return [label ? `${label(model)}: ${describePath(path)}` : describePath(path), path, model] as const;
  });
  const walked = new Set<string>();

  describe(title, () => {
    it.each(cases)('%s', (_name, path, model) => {
      const replay = replayPath(runnable, path, model.input);
      replay.walked.forEach((name) => walked.add(name));
      expect(replay.mismatches).toEqual([]);
      check?.(replay.actor, path);
      replay.actor.stop();
    });

    it('walks every state and transition the machine declares', ({ task }) => {
      const coverage = pathCoverage({
        machine: title,
        declaration,
        paths: cases.length,
        walked,
        unreachable,
      });
      task.meta.pathCoverage = coverage;
      expect(coverage.notWalked, `not walked by any path of ${title}`).toEqual([]);
      const staleAllowances = Object.keys(unreachable).filter(
        (name) => walked.has(name) || !declared.includes(name),
      );
      expect(staleAllowances, 'allowances that are walked or not declared').toEqual([]);
    });
  });
}
