import { useCallback, useSyncExternalStore } from 'react';
import type { AnyActorRef } from 'xstate';
import { AppActor } from '../appActor';

/**
 * An actor the app runs only for a while (a dialog's workflow): undefined while it does not exist. Looked up
 * again whenever an actor of the system changes: one started deeper down (the two-factor setup the account
 * settings dialog runs) comes and goes without the app's own snapshot changing.
 */
export function useOptionalSystemActor<T extends AnyActorRef>(systemId: string): T | undefined {
  const app = AppActor.useActorRef();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const inspection = app.system.inspect((event) => {
        if (event.type === '@xstate.snapshot' || event.type === '@xstate.actor') onChange();
      });
      return () => inspection.unsubscribe();
    },
    [app],
  );
  const find = () => {
    const actor = app.system.get(systemId) as T | undefined;
    return actor && actor.getSnapshot().status === 'active' ? actor : undefined;
  };
  return useSyncExternalStore(subscribe, find, find);
}
