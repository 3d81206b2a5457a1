import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect, vi } from 'vitest';
import { AlarmHealth, AlarmHealthQuery } from '#contracts';
import { server } from '../ui/setup';
import { unavailable } from './usersServer';

/**
 * GET /api/v2/alarms/health behind the app: each request is checked against its contract, recorded by the days
 * it spans ("7 days"), and held until the test answers it.
 */
export function alarmHealthServer() {
  const requests: string[] = [];
  const waiting: ((response: Response) => void)[] = [];
  server.use(
    http.get('*/api/v2/alarms/health', ({ request }) => {
      const query = v.parse(AlarmHealthQuery, Object.fromEntries(new URL(request.url).searchParams));
      const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
      requests.push(`${days} days`);
      return new Promise<Response>((resolve) => waiting.push(resolve));
    }),
  );
  const answer = async (response: Response) => {
    await vi.waitFor(() => expect(waiting.length, 'a call waits for its answer').toBeGreaterThan(0));
    waiting.shift()!(response);
  };
  return {
    requests,
    waiting: () => waiting.length > 0,
    health: (health: AlarmHealth) => answer(HttpResponse.json(v.parse(AlarmHealth, health))),
    unavailable: () => answer(unavailable()),
  };
}

export type AlarmHealthServer = ReturnType<typeof alarmHealthServer>;
