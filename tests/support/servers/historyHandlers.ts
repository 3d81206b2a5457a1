import { act } from '@testing-library/react';
import * as v from 'valibot';
import { http, HttpResponse } from 'msw';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { dashboardEditorMachine } from '../../../src/machines/dashboardEditor/dashboardEditorMachine';
import type { LiveLine } from '#contracts';
import { provideHistoryQuery } from '../../../src/machines/historyQuery/provideHistoryQuery';
import { createApi } from '../../../src/services/api';
import {
  ErrorBody,
  HistoryQuery,
  type HistoryQueryInput,
  type OpenedDashboard,
  type PageTopic,
} from '#contracts';
import { createHttp } from '../../../src/services/http';
import { historyAnswer, NOON } from '../fixtures/historyFixtures';
import { browserRangeAddress } from '../../../src/services/rangeAddress';
import { settle } from '../dom/settle';

export interface HistoryServer {
  /** The queries the server was asked, parsed by the contract. */
  queries: HistoryQuery[];
  /** Answers from now on fail with a 500 (true) or are given again (false). */
  failing: (on: boolean) => void;
  /** Holds the answers of queries from now on until `release` (to answer them out of order). */
  hold: () => void;
  /** Answers the held query `index` (in the order they were asked); `answered()` waits for its arrival. */
  release: (index: number) => void;
}

/**
 * An msw handler of POST /api/v2/history/query made from the contract: the request parsed by HistoryQuery, the
 * answer a parsed HistoryResult of `valueAt` (historyAnswer, aligned buckets like the server's).
 */
export function historyHandler(options: Parameters<typeof historyAnswer>[1] = {}) {
  const queries: HistoryQuery[] = [];
  let failing = false;
  let holding = false;
  const held = new Map<number, () => void>();
  const handler = http.post('*/api/v2/history/query', async ({ request }) => {
    const body = (await request.json()) as HistoryQueryInput;
    const parsed = v.safeParse(HistoryQuery, body);
    if (!parsed.success) {
      const message = parsed.issues[0].message;
      return HttpResponse.json(
        v.parse(ErrorBody, { statusCode: 400, code: 'BAD_REQUEST', error: 'BAD_REQUEST', message }),
        { status: 400 },
      );
    }
    const index = queries.push(parsed.output) - 1;
    if (holding) await new Promise<void>((resolve) => held.set(index, resolve));
    if (failing) {
      const error = {
        statusCode: 500,
        code: 'INTERNAL',
        error: 'INTERNAL',
        message: 'History store unavailable',
      };
      return HttpResponse.json(v.parse(ErrorBody, error), { status: 500 });
    }
    return HttpResponse.json(historyAnswer(body, options));
  });
  const server: HistoryServer = {
    queries,
    failing: (on) => void (failing = on),
    hold: () => void (holding = true),
    release: (index) => {
      holding = false;
      held.get(index)?.();
    },
  };
  return { handler, server };
}

/**
 * The real dashboard editor showing `dashboard`, its history queries asking the msw server through the real
 * API client, on a simulated clock set to NOON in Copenhagen: the live tail runs when the test advances it.
 */
export function startHistoryDashboard(dashboard: OpenedDashboard) {
  const calls = callsInFlight();
  const clock = new SimulatedClock();
  clock.set(NOON);
  const api = createApi(
    createHttp({
      prefixUrl: new URL('/api', window.location.origin).href,
      getToken: () => 'token',
      onUnauthorized: () => {},
    }),
    new URL('/version.json', window.location.origin).href,
  );
  const actor = createActor(
    dashboardEditorMachine.provide({
      actors: {
        loadDashboard: fromPromise(async () => dashboard),
        historyQuery: provideHistoryQuery({
          queryHistory: (query, signal) => calls.track(api.queryHistory(query, signal)),
          fetchAlarmMarks: (query) => calls.track(api.fetchAlarmMarks(query)),
          now: () => clock.now(),
          timeZone: () => 'Europe/Copenhagen',
          ranges: browserRangeAddress,
        }),
      },
      actions: { notify: () => {} },
    }),
    { clock } as never,
  ).start();
  actor.send({ type: 'dashboard.open', id: dashboard.id });
  /** Every call the dashboard made has its answer, and the dashboard has taken it (none may be held). */
  const answered = () => act(calls.answered);
  /** Moves the clock on (delayed events fire), then waits until the queries they started are answered. */
  const advance = (ms: number) =>
    act(async () => {
      clock.increment(ms);
      await calls.answered();
    });
  /** Live values of a page, as the socket pushes them. */
  const push = (topic: PageTopic, lines: LiveLine[]) =>
    act(() => {
      actor.send({ type: 'page.valuesPushed', topic, lines });
    });
  return { actor, clock, advance, answered, push };
}

/**
 * The API calls the product made and has not had answered: the test waits for them, not for a length of time. A
 * call starts within the turn that asks for it (the machine invokes its actor at once), and an answer reaches the
 * machine within the turn after it arrives, where it may start another call: so the wait ends on a turn with none.
 */
function callsInFlight() {
  const inFlight = new Set<Promise<unknown>>();
  return {
    track<T>(call: Promise<T>): Promise<T> {
      inFlight.add(call);
      const done = () => void inFlight.delete(call);
      call.then(done, done);
      return call;
    },
    async answered() {
      do {
        await Promise.allSettled([...inFlight]);
        await settle();
      } while (inFlight.size > 0);
    },
  };
}
