import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect, vi } from 'vitest';
import { ErrorBody, HistoryQuery, type HistoryQueryInput } from '#contracts';
import { historyAnswer } from '../fixtures/historyFixtures';

/**
 * POST /api/v2/history/query for the history query path tests: every query parsed by its contract, recorded,
 * and held until the path answers the newest one (the history, or a 500). An older one was left by the chart
 * (its request aborted) and is never answered.
 */
export function heldHistoryServer() {
  const queries: HistoryQuery[] = [];
  const held = new Map<number, (ok: boolean) => void>();
  const handler = http.post('*/api/v2/history/query', async ({ request }) => {
    const body = (await request.json()) as HistoryQueryInput;
    const index = queries.push(v.parse(HistoryQuery, body)) - 1;
    return new Promise<Response>((resolve) =>
      held.set(index, (ok) => {
        const error = { statusCode: 500, code: 'INTERNAL', error: 'INTERNAL', message: 'Store unavailable' };
        resolve(
          ok
            ? HttpResponse.json(historyAnswer(body))
            : HttpResponse.json(v.parse(ErrorBody, error), { status: 500 }),
        );
      }),
    );
  });
  const newest = () => queries.length - 1;
  return {
    handler,
    queries,
    /** Whether the newest query waits for its answer. */
    waiting: () => held.has(newest()),
    /** Answers the newest query, once it is asked. */
    answer: async (ok: boolean) => {
      await vi.waitFor(() => expect(held.has(newest()), 'a history query waits').toBe(true));
      const respond = held.get(newest())!;
      held.delete(newest());
      respond(ok);
    },
    /** Lets the abandoned requests end (their callers are gone). */
    stop: () => held.forEach((respond) => respond(false)),
  };
}
export type HeldHistoryServer = ReturnType<typeof heldHistoryServer>;
