import type { AnyActorRef } from 'xstate';
import { AppActor } from './appActor';

/**
 * A long-lived actor the app machine spawned under `systemId`. The spawns happen on the root's entry,
 * so the actor exists from the first render on.
 */
export function useSystemActor<T extends AnyActorRef>(systemId: string): T {
  const actor = AppActor.useActorRef().system.get(systemId) as T | undefined;
  if (!actor) throw new Error(`No actor with systemId ${systemId}`);
  return actor;
}
