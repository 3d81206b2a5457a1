import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { AlarmDelays, EscalationPolicy, EscalationTestRuns, UserList } from '#contracts';
import { server } from '../../ui/setup';
import { ANNA, DELAYS, TEST_RUNS } from '../fixtures/escalationFixtures';
import { heldRequests } from './heldRequests';

const refusal = (statusCode: number, code: string, error: string, message: string) =>
  HttpResponse.json({ statusCode, code, error, message }, { status: statusCode });

/**
 * The escalation policy and alarm delays behind the app: GET and PUT of /api/v2/alarms/escalation are checked
 * against their contract, recorded ("GET policy", "PUT policy 2 levels", with " +critical" for a priority's own plan) and held until the test answers them;
 * the delays (DELAYS, also after a PUT, as the model's save does), the test alarms (TEST_RUNS) and the user list
 * answer at once.
 */
export function escalationServer() {
  const requests: string[] = [];
  const { hold, waiting, answer } = heldRequests('a call');
  server.use(
    http.get('*/api/v2/alarms/escalation', () => {
      requests.push('GET policy');
      return hold();
    }),
    http.put('*/api/v2/alarms/escalation', async ({ request }) => {
      const policy = v.parse(EscalationPolicy, await request.json());
      const own = Object.keys(policy.priorities).map((priority) => ` +${priority}`);
      requests.push(`PUT policy ${policy.levels.length} levels${own.join('')}`);
      return hold();
    }),
    http.get('*/api/v2/alarms/escalation/tests', () =>
      HttpResponse.json(v.parse(EscalationTestRuns, TEST_RUNS)),
    ),
    http.get('*/api/v2/alarms/delays', () => HttpResponse.json(DELAYS)),
    http.put('*/api/v2/alarms/delays', async ({ request }) => {
      const delays = v.parse(AlarmDelays, await request.json());
      requests.push(`PUT delays ${delays.delays.map((d) => `${d.code}=${d.delaySeconds}`).join(' ')}`);
      return HttpResponse.json(DELAYS);
    }),
    http.get('*/api/v2/admin/users', () => HttpResponse.json(v.parse(UserList, [ANNA]))),
  );
  return {
    requests,
    waiting,
    policy: (policy: EscalationPolicy) => answer(HttpResponse.json(v.parse(EscalationPolicy, policy))),
    /** The refusal of an administrator acting as another user. */
    actingAs: () =>
      answer(refusal(403, 'NOT_WHILE_SWITCHED', 'Forbidden', 'Not allowed while acting as another user')),
    /** The service's 400 naming a level's users. */
    unknownUser: () =>
      answer(refusal(400, 'UNKNOWN_USER', 'Bad Request', 'levels[0].users: x is not a user of this tenant')),
  };
}

export type EscalationServer = ReturnType<typeof escalationServer>;
