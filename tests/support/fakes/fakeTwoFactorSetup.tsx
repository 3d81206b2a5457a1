import { assign, createMachine, type AnyActorRef } from 'xstate';
import { useOptionalSystemActor } from '../../../src/ui/dialogs/useOptionalSystemActor';

/**
 * A stand-in for the two-factor setup workflow (a neighbour's machine and view) in the account settings tests:
 * it ends as the test says (two-factor on or off), or breaks.
 */
export const fakeTwoFactorSetupMachine = createMachine({
  id: 'fakeTwoFactorSetup',
  types: {} as {
    events: { type: 'fake.finish'; enabled: boolean } | { type: 'fake.break' };
    context: { enabled: boolean };
  },
  context: { enabled: false },
  initial: 'open',
  states: {
    open: {
      on: {
        'fake.finish': { target: 'done', actions: assign({ enabled: ({ event }) => event.enabled }) },
        'fake.break': {
          actions: () => {
            throw new Error('two-factor setup broke');
          },
        },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({ enabled: context.enabled }),
});

export const FAKE_SETUP = { title: 'Fake two-factor setup', on: 'Set up', off: 'Give up', broken: 'Break' };

/** Its view: found by the systemId the account settings machine gives it, like the real one. */
export function FakeTwoFactorSetupHost() {
  const actor = useOptionalSystemActor<AnyActorRef>('twoFactorSetup');
  if (!actor) return null;
  return (
    <div role="dialog" aria-label={FAKE_SETUP.title}>
      <button type="button" onClick={() => actor.send({ type: 'fake.finish', enabled: true })}>
        {FAKE_SETUP.on}
      </button>
      <button type="button" onClick={() => actor.send({ type: 'fake.finish', enabled: false })}>
        {FAKE_SETUP.off}
      </button>
      <button type="button" onClick={() => actor.send({ type: 'fake.break' })}>
        {FAKE_SETUP.broken}
      </button>
    </div>
  );
}
