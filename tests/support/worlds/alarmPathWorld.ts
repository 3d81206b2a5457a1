import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse, type HttpHandler } from 'msw';
import * as v from 'valibot';
import { expect } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { ErrorBody, type AlarmEntry } from '#contracts';
import { storeSession } from '../dom/renderApp';
import { server } from '../../ui/setup';
import { alarmServer } from '../servers/alarmHandlers';
import { operatorSession } from '../fixtures/fixtures';
import { renderProduct } from '../paths/viewPaths';

export const dialogNamed = (name: string) => screen.getByRole('dialog', { name });
export const noDialog = (name: string) =>
  expect(screen.queryByRole('dialog', { name }), `${name} dialog`).toBeNull();

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
  storeSession(operatorSession);
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
