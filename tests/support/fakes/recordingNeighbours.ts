import { createActor, createMachine, type AnyActorLogic, type AnyActorRef } from 'xstate';

/**
 * Starts `logic` as the child of a root whose system holds, at each of `neighbours`' system ids, a stand-in that
 * records every event it is sent (the notifications actor, the push switch, ...): the child, and the records by
 * the neighbours' names.
 */
export function startBesideRecorders<Name extends string>(
  logic: AnyActorLogic,
  neighbours: Readonly<Record<Name, string>>,
) {
  const names = Object.keys(neighbours) as Name[];
  const told = Object.fromEntries(names.map((name) => [name, [] as unknown[]])) as Record<Name, unknown[]>;
  const recorder = (into: unknown[]) =>
    createMachine({ on: { '*': { actions: ({ event }) => into.push(event) } } });
  const root = createActor(
    createMachine({
      invoke: [
        ...names.map((name) => ({ src: name, systemId: neighbours[name] })),
        { id: 'subject', src: 'subject' },
      ],
    }).provide({
      actors: {
        ...Object.fromEntries(names.map((name) => [name, recorder(told[name])])),
        subject: logic,
      },
    }),
  ).start();
  return { actor: root.getSnapshot().children.subject as AnyActorRef, told };
}
