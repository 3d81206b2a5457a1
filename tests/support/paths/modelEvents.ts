import { type AnyStateMachine, type EventFromLogic } from 'xstate';

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
