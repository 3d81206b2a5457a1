import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { AlarmHealth, AlarmHealthQuery } from '#contracts';
import { server } from '../../ui/setup';
import { heldRequests } from './heldRequests';
import { unavailable } from './refusals';

/**
 * GET /api/v2/alarms/health behind the app: each request is checked against its contract, recorded by the days
 * it spans ("7 days"), and held until the test answers it.
 */
export function alarmHealthServer() {
  const requests: string[] = [];
  const { hold, waiting, answer } = heldRequests('a call');
  server.use(
    http.get('*/api/v2/alarms/health', ({ request }) => {
      const query = v.parse(AlarmHealthQuery, Object.fromEntries(new URL(request.url).searchParams));
      const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
      requests.push(`${days} days`);
      return hold();
    }),
  );
  return {
    requests,
    waiting,
    health: (health: AlarmHealth) => answer(HttpResponse.json(v.parse(AlarmHealth, health))),
    unavailable: () => answer(unavailable()),
  };
}

export type AlarmHealthServer = ReturnType<typeof alarmHealthServer>;
