import { fromPromise, type AnyStateMachine, type EventFromLogic } from 'xstate';

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
