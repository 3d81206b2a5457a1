import { http, HttpResponse, type HttpHandler } from 'msw';
import * as v from 'valibot';
import { expect, vi } from 'vitest';

/**
 * The requests a scripted server holds until the test answers them: a handler returns `hold()`, and each answer
 * goes to the oldest request that waits, once one does. `what` names a request in the failure ("a save").
 */
export function heldRequests(what: string) {
  const waiting: ((response: Response) => void)[] = [];
  return {
    hold: () => new Promise<Response>((resolve) => waiting.push(resolve)),
    waiting: () => waiting.length > 0,
    /** Answers the oldest waiting request; a function is called once it waits (for what it has brought). */
    answer: async (response: Response | (() => Response)) => {
      await vi.waitFor(() => expect(waiting.length, `${what} waits for its answer`).toBeGreaterThan(0));
      waiting.shift()!(typeof response === 'function' ? response() : response);
    },
  };
}

/** POSTs to `url` whose bodies are parsed by their contract, recorded in `saves`, and held as above. */
export function heldSaves<Save>(url: string, contract: v.GenericSchema<unknown, Save>) {
  const held = heldRequests('a save');
  const saves: Save[] = [];
  const handler = http.post(url, async ({ request }) => {
    saves.push(v.parse(contract, await request.json()));
    return held.hold();
  });
  return { saves, handler, waiting: held.waiting, answer: held.answer };
}

/**
 * Requests of one endpoint the server holds until the path plays its answer: what each carried, and the
 * answers still owed (a stale one, left by a state that was re-entered or left, waits too).
 */
export function heldAnswers<T>(
  method: 'get' | 'post' | 'delete',
  url: string,
  read: (request: Request, params: Record<string, unknown>) => T | Promise<T>,
) {
  const received: T[] = [];
  const owed: ((response: Response) => void)[] = [];
  const handler: HttpHandler = http[method](url, async ({ request, params }) => {
    received.push(await read(request, params));
    return new Promise<Response>((resolve) => owed.push(resolve));
  });
  return {
    handler,
    received,
    waiting: () => owed.length,
    /** Answers every request that waits, oldest first (a request must be waiting). */
    async answer(response: () => Response) {
      await vi.waitFor(() => expect(owed.length, 'a request waits for its answer').toBeGreaterThan(0));
      while (owed.length) owed.shift()!(response());
    },
    /** Answers what still waits (a stale request), so nothing is left open after a path. */
    release() {
      while (owed.length) owed.shift()!(new HttpResponse(null, { status: 503 }));
    },
  };
}
export type HeldAnswers<T> = ReturnType<typeof heldAnswers<T>>;

/**
 * Answers the one request a path's world holds in `respond` (a handler sets it; a newer request takes its place),
 * once one waits; `what` names it in the failure.
 */
export async function answerHeld(
  world: { respond: ((response: Response) => void) | null },
  response: Response,
  what = 'a request',
) {
  await vi.waitFor(() => expect(world.respond, `${what} waits for an answer`).not.toBeNull());
  world.respond!(response);
  world.respond = null;
}
