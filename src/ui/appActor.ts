import { createActorContext } from '@xstate/react';
import { appMachine } from '../machines/app/appMachine';

/** The root actor; main.tsx (and the UI tests) pass the machine bound to services as `logic`. */
export const AppActor = createActorContext(appMachine);
