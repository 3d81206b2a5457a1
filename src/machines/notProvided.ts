import { fromPromise } from 'xstate';

/**
 * A promise actor's default until `provide()` gives the real service (each machine's provide*.ts): it fails loudly,
 * naming the actor, so a machine run without its services says which one is missing.
 */
export const notProvided = <TOutput, TInput = unknown>(name: string) =>
  fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`${name} not provided`)));
