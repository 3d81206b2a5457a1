import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { AppActor } from '../appActor';

/**
 * An actor the app machine runs only for a while (a dialog's workflow): undefined while it does not exist.
 * Re-read on every app snapshot, so the view mounts and unmounts with the actor.
 */
export function useOptionalSystemActor<T extends AnyActorRef>(systemId: string): T | undefined {
  const app = AppActor.useActorRef();
  return useSelector(app, () => {
    const actor = app.system.get(systemId) as T | undefined;
    return actor && actor.getSnapshot().status === 'active' ? actor : undefined;
  });
}
