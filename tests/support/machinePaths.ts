import { describe, expect, it } from 'vitest';
import { fromPromise, type Actor, type AnyStateMachine, type EventFromLogic } from 'xstate';
import {
  adjacencyEdges,
  describePath,
  edgePaths,
  replayPath,
  untestedTransitions,
  walkedEdges,
  type ModelOptions,
  type Path,
} from './transitionCoverage';

export type { ModelOptions } from './transitionCoverage';

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
  /** One model, or several (e.g. one per input); each is walked edge by edge. */
  models: ModelOptions<M> | readonly ModelOptions<M>[];
  /** The machine with fake services provided; defaults to the machine itself. */
  runnable?: M;
  /** Prefix of the test names of a model's paths, to tell several models apart. */
  label?: (model: ModelOptions<M>) => string;
  /** Machine-specific assertions on the actor once the path has been replayed. */
  check?: (actor: Actor<M>, path: Path<M>) => void;
}

/**
 * The model-based path tests of one machine: one test per adjacency edge replaying its path on a real
 * actor, plus the coverage tests that fail when an edge of the model or a transition declared in the
 * machine is not walked.
 */
export function describeMachinePaths<M extends AnyStateMachine>(
  title: string,
  machine: M,
  { models, runnable = machine, label, check }: MachinePathSuite<M>,
) {
  const runs = (Array.isArray(models) ? models : [models]).map((model: ModelOptions<M>) => ({
    model,
    paths: edgePaths(machine, model),
  }));
  const cases = runs.flatMap(({ model, paths }) =>
    paths.map((path) => {
      const name = label ? `${label(model)}: ${describePath(path)}` : describePath(path);
      return [name, path, model] as const;
    }),
  );

  describe(title, () => {
    it.each(cases)('%s', (_name, path, model) => {
      const { actor, mismatches } = replayPath(runnable, path, model.input);
      expect(mismatches).toEqual([]);
      check?.(actor as Actor<M>, path);
      actor.stop();
    });

    it('walks every edge of the adjacency map', () => {
      for (const { model, paths } of runs) {
        const walked = walkedEdges(paths, model);
        expect([...adjacencyEdges(machine, model)].filter((edge) => !walked.has(edge))).toEqual([]);
      }
    });

    it('takes every transition declared in the machine', () => {
      expect(
        untestedTransitions(
          machine,
          runs.flatMap(({ paths }) => paths),
        ),
      ).toEqual([]);
    });
  });
}
