import { http, HttpResponse, type HttpHandler } from 'msw';
import { expect, vi } from 'vitest';

/** The calls of the Reports screen, each held until the path plays its answer. */
export type ReportsCall =
  | 'fleet'
  | 'report'
  | 'download'
  | 'action'
  | 'signOff'
  | 'schedules'
  | 'createSchedule'
  | 'removeSchedule'
  | 'limit';

interface SentCall {
  call: ReportsCall;
  url: URL;
  body: unknown;
}

/** Answers of the server by status, as the API maps them (400 invalid, 403 refused, 503 unavailable). */
export const refusedWith = (status: number, code = 'FORBIDDEN') =>
  HttpResponse.json({ statusCode: status, code, error: 'Refused', message: code }, { status });

/**
 * One held request at a time (the screen's workflows send one at a time), and everything sent. The schedules are
 * held too with `holdSchedules`; else the list is empty at once.
 */
export function reportsServer({ holdSchedules = false, holdLimits = false } = {}) {
  const sent: SentCall[] = [];
  let held: { call: ReportsCall; respond: (response: Response) => void } | null = null;
  const hold =
    (call: ReportsCall) =>
    async ({ request }: { request: Request }) => {
      const text = request.method === 'GET' ? '' : await request.text();
      sent.push({ call, url: new URL(request.url), body: text ? JSON.parse(text) : undefined });
      return new Promise<Response>((respond) => (held = { call, respond }));
    };
  const handlers: HttpHandler[] = [
    http.get('*/api/v2/fleet', hold('fleet')),
    http.get('*/api/v2/reports/food-safety', ({ request }) =>
      hold(new URL(request.url).searchParams.get('format') === 'json' ? 'report' : 'download')({ request }),
    ),
    http.put('*/api/v2/reports/food-safety/corrective-actions', hold('action')),
    http.post('*/api/v2/reports/food-safety/sign-offs', hold('signOff')),
    http.get('*/api/v2/reports/schedules', (info) =>
      holdSchedules ? hold('schedules')(info) : HttpResponse.json([]),
    ),
    http.post('*/api/v2/reports/schedules', hold('createSchedule')),
    // A limit is stored at once (its own workflow's paths are the limits editor's).
    http.put('*/api/v2/reports/food-safety/limits', async ({ request }) => {
      if (holdLimits) return hold('limit')({ request });
      sent.push({ call: 'limit', url: new URL(request.url), body: await request.json() });
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete('*/api/v2/reports/schedules/:id', hold('removeSchedule')),
  ];
  return {
    handlers,
    sent,
    waiting: () => held?.call ?? null,
    /** Answers the held `call` (it must be waiting). */
    async answer(call: ReportsCall, response: () => Response) {
      await vi.waitFor(() => expect(held?.call, `${call} waits for the server`).toBe(call));
      const { respond } = held!;
      held = null;
      respond(response());
    },
    release() {
      held?.respond(new HttpResponse(null, { status: 503 }));
      held = null;
    },
  };
}
export type ReportsServer = ReturnType<typeof reportsServer>;
