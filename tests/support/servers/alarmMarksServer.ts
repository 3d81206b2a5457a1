import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect, vi } from 'vitest';
import { AlarmMarks, AlarmMarksQuery } from '#contracts';
import { unavailable } from './usersServer';

/**
 * GET /api/v2/alarms/marks for the chart's marks: every request parsed by its contract, recorded, and held until
 * the path answers the newest (an older one was left by the chart, its actor stopped, and is never answered).
 */
export function heldMarksServer() {
  const queries: AlarmMarksQuery[] = [];
  const held = new Map<number, (response: Response) => void>();
  const handler = http.get('*/api/v2/alarms/marks', ({ request }) => {
    const index =
      queries.push(v.parse(AlarmMarksQuery, Object.fromEntries(new URL(request.url).searchParams))) - 1;
    return new Promise<Response>((resolve) => held.set(index, resolve));
  });
  const newest = () => queries.length - 1;
  const answer = async (response: Response) => {
    await vi.waitFor(() => expect(held.has(newest()), 'a marks request waits').toBe(true));
    held.get(newest())!(response);
    held.delete(newest());
  };
  return {
    handler,
    queries,
    waiting: () => held.has(newest()),
    marks: (marks: AlarmMarks) => answer(HttpResponse.json(v.parse(AlarmMarks, marks))),
    unavailable: () => answer(unavailable()),
    stop: () => held.forEach((respond) => respond(unavailable())),
  };
}
export type HeldMarksServer = ReturnType<typeof heldMarksServer>;
