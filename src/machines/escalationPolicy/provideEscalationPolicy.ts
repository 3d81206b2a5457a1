import { fromPromise } from 'xstate';
import type { EscalationApi, EscalationFailure } from '../../services/api/escalation';
import type { UsersApi } from '../../services/api/users';
import type { EscalationLoaded } from './escalationPolicy.events';
import { escalationPolicyMachine, type EscalationSave } from './escalationPolicyMachine';

/** A 400 of the delays names a field of `{ delays: [...] }`: in the form that is under `delays.`. */
const underDelays = (error: unknown): unknown => {
  const failure = error as Partial<EscalationFailure> | null;
  return failure?.kind === 'invalid' ? { kind: 'invalid', field: `delays.${failure.field}` } : error;
};

/** The escalation policy editor bound to /api/v2/alarms/escalation (and its test runs), /alarms/delays and the user list. */
export const provideEscalationPolicy = (api: EscalationApi & Pick<UsersApi, 'listUsers'>) =>
  escalationPolicyMachine.provide({
    actors: {
      loadPolicy: fromPromise<EscalationLoaded>(async () => {
        // The policy first: its 403 (acting as another user) is the refusal the dialog explains.
        const policy = await api.fetchEscalationPolicy();
        const [delays, users, testRuns] = await Promise.all([
          api.fetchAlarmDelays(),
          api.listUsers(),
          api.fetchTestRuns(),
        ]);
        return { policy, delays, users: users.filter((user) => !user.disabled), testRuns };
      }),
      savePolicy: fromPromise<EscalationSave, EscalationSave>(async ({ input }) => {
        const policy = await api.saveEscalationPolicy(input.policy);
        const delays = await api.saveAlarmDelays(input.delays).catch((error: unknown) => {
          throw underDelays(error);
        });
        return { policy, delays };
      }),
    },
  });
