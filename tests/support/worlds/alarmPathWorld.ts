import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse, type HttpHandler } from 'msw';
import * as v from 'valibot';
import { expect, vi } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { ErrorBody, type AlarmEntry } from '#contracts';
import { createStorage } from '../../../src/services/storage';
import { server } from '../../ui/setup';
import { alarmServer } from '../servers/alarmHandlers';
import { operatorSession } from '../fixtures/fixtures';
import { renderProduct } from '../paths/viewPaths';

export const dialogNamed = (name: string) => screen.getByRole('dialog', { name });
export const noDialog = (name: string) =>
  expect(screen.queryByRole('dialog', { name }), `${name} dialog`).toBeNull();

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

/** The server's coded refusal with `message` as its reason (what ServerReasonError carries to the machines). */
export const refusal = (statusCode: number, message: string) =>
  HttpResponse.json(v.parse(ErrorBody, { statusCode, code: 'BAD_REQUEST', error: 'Bad Request', message }), {
    status: statusCode,
  });

/**
 * The signed-in home page with the alarms API of the contracts (`entries` active, a live stream), `handlers`
 * taking precedence; resolves once the head bar's bell counts them.
 */
export async function renderAlarmsProduct(
  inspect: (event: InspectionEvent) => void,
  entries: AlarmEntry[],
  handlers: HttpHandler[],
) {
  const alarms = alarmServer(entries);
  server.use(...handlers, ...alarms.handlers);
  createStorage(window.localStorage).writeSession(operatorSession, operatorSession.token.id);
  renderProduct('/', { inspect });
  const count = entries.reduce((sum, entry) => sum + entry.size, 0);
  await screen.findByRole('button', { name: `Alarms, ${count} active` });
  return alarms;
}

/** Opens the head bar's alarms menu unless it is open, and returns it. */
export async function openAlarmMenu(user: UserEvent) {
  if (!screen.queryByRole('button', { name: 'Alarm history' }))
    await user.click(screen.getByRole('button', { name: /^Alarms, \d+ active$/ }));
  return screen.findByRole('button', { name: 'Alarm history' });
}
