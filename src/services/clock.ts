import type { ActorOptions, AnyActorLogic } from 'xstate';

type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

/**
 * The clock every actor's delays run on. Production uses the real timers; tests pass xstate's
 * SimulatedClock to the actor instead, so toasts and version polling are driven step by step.
 */
export const systemClock: Clock = {
  setTimeout: (fn: (...args: unknown[]) => void, ms: number) => window.setTimeout(fn, ms),
  clearTimeout: (id: unknown) => window.clearTimeout(id as number),
};
