import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { createElement } from 'react';
import { expect } from 'vitest';
import { SimulatedClock, type InspectionEvent } from 'xstate';
import { provideApp } from '../../src/machines/app/provideApp';
import {
  AUTO_HIDE_MS,
  notificationsMachine,
  PROGRESS_STEP_MS,
} from '../../src/machines/notifications/notificationsMachine';
import { createAppServices } from '../../src/services/appServices';
import { ErrorBody, LoginRequest } from '#contracts';
import { App } from '../../src/ui/App';
import { AppActor } from '../../src/ui/appActor';
import type { ModelOptions } from '../support/paths/coveringPaths';
import { fakeSocketFactory } from '../support/fakes/fakeSocket';
import { modelEvents } from '../support/paths/modelEvents';
import { describeViewPaths } from '../support/paths/viewPaths';
import { server } from '../ui/setup';

type NotificationsModelEvent = Parameters<typeof notificationsMachine.transition>[1];

// The delayed progress tick, as the machine names it.
const tick = modelEvents<typeof notificationsMachine>().after('PROGRESS_STEP', 'notifications.showing');

const model: ModelOptions<typeof notificationsMachine> = {
  events: [
    { type: 'notification.show', kind: 'error', message: { id: 'login.invalidMfaCode' } },
    // The later toast first: with two shown, dismissing it (not the oldest) is the path chosen for that branch.
    { type: 'notification.dismiss', id: 2 },
    { type: 'notification.dismiss', id: 1 },
    tick,
  ],
  serializeState: (s) =>
    JSON.stringify({ value: s.value, toasts: s.context.toasts.map((t) => [t.id, t.elapsedMs]) }),
  // Two toasts at most (ids 1 and 2) keep the graph finite and still cover overlapping toasts; a user can
  // dismiss only a toast in front of them.
  filterEvents: (s, e) =>
    e.type === 'notification.show'
      ? s.context.nextId <= 2
      : e.type !== 'notification.dismiss' || s.context.toasts.some((toast) => toast.id === e.id),
};

/**
 * What causes a toast here: the second sign-in step refusing the security code. The server answers the first
 * code with 401 (SPEC §8 'Invalid MFA code') and the second with 500 (the generic error), so the two toasts a
 * path can show read differently and a dismiss of the wrong one shows.
 */
const TOAST_TEXTS = ['Invalid MFA code', 'An error occurred, try again later'];

/** A toast as SPEC §9 says the user sees it: its text and how long it has been shown. */
interface ShownToast {
  id: number;
  text: string;
  elapsedMs: number;
}

/** What the test made happen: the codes sent, the toasts the user must see, and the clock of the app. */
interface NotificationsWorld {
  user: UserEvent;
  clock: SimulatedClock;
  codesSent: number;
  codeRequests: number;
  toasts: ShownToast[];
}

const errorAnswer = (status: number, code: string) =>
  HttpResponse.json(v.parse(ErrorBody, { statusCode: status, code, error: code, message: code }), { status });

/**
 * The SPA as main.tsx wires it, with one difference: the actor system runs on a simulated clock, so the
 * 100 ms progress steps happen when the path says time passes (vitest's fake timers would move the clock on
 * every retry of a state assertion).
 */
function renderProductOnClock(
  path: string,
  inspect: (event: InspectionEvent) => void,
  clock: SimulatedClock,
) {
  window.history.replaceState(null, '', path);
  const logic = provideApp(createAppServices(window.location.origin, fakeSocketFactory().factory));
  const input = { path, themeMode: null, buildId: 'test-build' };
  render(
    createElement(AppActor.Provider, {
      logic,
      options: { input, inspect, clock },
      children: createElement(App),
    }),
  );
}

async function start(inspect: (event: InspectionEvent) => void): Promise<NotificationsWorld> {
  const world: NotificationsWorld = {
    user: userEvent.setup({ delay: null }),
    clock: new SimulatedClock(),
    codesSent: 0,
    codeRequests: 0,
    toasts: [],
  };
  server.use(
    http.post('*/api/login', async ({ request }) => {
      const { mfaCode } = v.parse(LoginRequest, await request.json());
      if (mfaCode === undefined) return HttpResponse.json({ mfaRequired: true }, { status: 202 });
      world.codeRequests++;
      return world.codeRequests === 1 ? errorAnswer(401, 'INVALID_MFA_CODE') : errorAnswer(500, 'INTERNAL');
    }),
  );
  renderProductOnClock('/login', inspect, world.clock);
  // The path starts on the code step, the code typed: each Verify is refused with a toast.
  await world.user.type(await screen.findByLabelText('Username'), 'secure');
  await world.user.type(screen.getByLabelText('Password'), 'Secure123');
  await world.user.click(screen.getByRole('button', { name: 'Sign in' }));
  await world.user.type(await screen.findByLabelText('Security code'), '654321');
  return world;
}

const region = () => screen.getByRole('region', { name: 'Notifications' });

async function play(event: NotificationsModelEvent, world: NotificationsWorld) {
  // The model's events include the delayed tick, which the machine's event type leaves out.
  const type: string = event.type;
  if (event.type === 'notification.show') {
    await world.user.click(screen.getByRole('button', { name: 'Verify' }));
    // Toasts are numbered as they are shown: the n-th refused code is toast n.
    world.codesSent++;
    world.toasts.push({ id: world.codesSent, text: TOAST_TEXTS[world.codesSent - 1]!, elapsedMs: 0 });
  } else if (event.type === 'notification.dismiss') {
    const index = world.toasts.findIndex((toast) => toast.id === event.id);
    const buttons = within(region()).getAllByRole('button', { name: 'Dismiss notification' });
    await world.user.click(buttons[index]!);
    world.toasts.splice(index, 1);
  } else if (type.startsWith('xstate.after.')) {
    // SPEC §9: every 100 ms the progress bars move; a toast shown for 1500 ms hides.
    world.clock.increment(PROGRESS_STEP_MS);
    world.toasts = world.toasts
      .map((toast) => ({ ...toast, elapsedMs: toast.elapsedMs + PROGRESS_STEP_MS }))
      .filter((toast) => toast.elapsedMs < AUTO_HIDE_MS);
  } else throw new Error(`No way to play ${type}`);
}

/** The code step stays in front of the user, and every Verify reached the server once. */
function codeStepShown(world: NotificationsWorld) {
  expect(screen.getByLabelText<HTMLInputElement>('Security code').value).toBe('654321');
  expect(world.codeRequests, 'codes the server received').toBe(world.codesSent);
}

describeViewPaths('notifications, played as refused security codes and time passing', notificationsMachine, {
  model,
  start,
  play,
  states: {
    idle: (_, world) => {
      expect(world.toasts, 'toasts SPEC §9 still shows').toEqual([]);
      expect(within(region()).queryAllByRole('status')).toEqual([]);
      codeStepShown(world);
    },
    showing: (_, world) => {
      expect(world.toasts.length, 'toasts SPEC §9 still shows').toBeGreaterThan(0);
      // Each toast is announced (role status) with its text, in the order shown, with its remaining time.
      const shown = within(region()).getAllByRole('status');
      expect(shown.map((toast) => toast.querySelector('span')?.textContent)).toEqual(
        world.toasts.map((toast) => toast.text),
      );
      const remaining = world.toasts.map((toast) =>
        String(Math.round(100 - (toast.elapsedMs / AUTO_HIDE_MS) * 100)),
      );
      const bars = shown.map((toast) => within(toast).getByRole('progressbar'));
      expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(remaining);
      bars.forEach((bar, index) => expect(bar.getAttribute('aria-label')).toBe(world.toasts[index]!.text));
      // Errors show as errors, each with its own enabled dismiss button.
      shown.forEach((toast) => expect(toast.className).toContain('bg-error'));
      const dismiss = within(region()).getAllByRole<HTMLButtonElement>('button', {
        name: 'Dismiss notification',
      });
      expect(dismiss.map((button) => button.disabled)).toEqual(world.toasts.map(() => false));
      codeStepShown(world);
    },
  },
});
