import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect, vi } from 'vitest';
import { ErrorBody } from '#contracts';
import { server } from '../../ui/setup';
import { deviceConfigurationServer } from './deviceConfigurationServer';
import { deviceTree } from '../fixtures/fixtures';

const errorAnswer = (statusCode: number, code: string) =>
  HttpResponse.json(v.parse(ErrorBody, { statusCode, code, error: code, message: code }), {
    status: statusCode,
  });
export const serverError = () => errorAnswer(500, 'INTERNAL');
/** What the server answers a request whose token it no longer accepts. */
export const tokenRefused = () => errorAnswer(401, 'UNAUTHORIZED');

interface Held {
  requestId: string;
  respond: (response: Response) => void;
}

/**
 * Requests of one route the server holds until the path answers them: the app's state while it waits for the
 * theme, the settings, a sign-in or a sign-out is what the app machine's paths assert. Only the latest request
 * is current: an older one belongs to a session that has ended, or to a read made stale by a save.
 */
function heldRequests(method: 'get' | 'post', url: string) {
  const waiting: Held[] = [];
  const delivered = new Set<string>();
  const onDelivered = ({ requestId }: { requestId: string }) => void delivered.add(requestId);
  server.events.on('response:mocked', onDelivered);
  server.use(
    http[method](
      url,
      ({ requestId }) => new Promise<Response>((respond) => waiting.push({ requestId, respond })),
    ),
  );
  const deliver = async (request: Held, response: Response) => {
    request.respond(response);
    await vi.waitFor(() => expect(delivered.has(request.requestId), 'the answer is sent').toBe(true));
    // The client reads the answer and the machines take it in a few turns of the event loop.
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
  };
  return {
    waiting: () => waiting.length > 0,
    /** Answers the latest request, and returns once the app has had the answer. */
    async answer(response: Response) {
      await vi.waitFor(() =>
        expect(waiting.length, `a ${method} ${url} waits for its answer`).toBeGreaterThan(0),
      );
      const latest = waiting.at(-1)!;
      waiting.length = 0;
      await deliver(latest, response);
    },
    /**
     * Answers the oldest request while a newer one waits: the answer a slow network delivers after the app has
     * asked again. Returns once the app has had it.
     */
    async answerEarlier(response: Response) {
      await vi.waitFor(() =>
        expect(waiting.length, `a newer ${method} ${url} waits behind the earlier one`).toBeGreaterThan(1),
      );
      await deliver(waiting.shift()!, response);
    },
    stop: () => server.events.removeListener('response:mocked', onDelivered),
  };
}

/** Counts the GET requests of `pathname` the server received. */
function countedReads(pathname: string) {
  let count = 0;
  const onRequest = ({ request }: { request: Request }) => {
    if (request.method === 'GET' && new URL(request.url).pathname === pathname) count++;
  };
  server.events.on('request:start', onRequest);
  return { count: () => count, stop: () => server.events.removeListener('request:start', onRequest) };
}

/**
 * The server behind the app machine's path tests: it holds the theme, the settings, sign-in and sign-out, a
 * theme save and a switch back until the path answers; saves device configurations (held too); counts the reads of the device tree.
 */
export function appPathServer() {
  const held = {
    theme: heldRequests('get', '*/api/themes'),
    settings: heldRequests('get', '*/api/v2/account/settings'),
    login: heldRequests('post', '*/api/login'),
    logout: heldRequests('post', '*/api/logout'),
    themeSave: heldRequests('post', '*/api/v2/account/settings/theme'),
    switchBack: heldRequests('post', '*/api/v2/account/switch-back'),
  };
  const treeReads = countedReads('/api/v2/devices/');
  return {
    ...held,
    configuration: deviceConfigurationServer(deviceTree),
    treeReads: treeReads.count,
    stop: () => [...Object.values(held), treeReads].forEach((each) => each.stop()),
  };
}
export type AppPathServer = ReturnType<typeof appPathServer>;
